import type { SettingsForm } from '../../hooks/useSettingsForm';

/** What every section of the settings page gets from the page. */
export interface SectionProps {
  form: SettingsForm;
  /** The role may not change settings, or a save is under way. */
  disabled: boolean;
  canUpdate: boolean;
}
