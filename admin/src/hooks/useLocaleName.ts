import { useIntl } from 'react-intl';

/** A locale code as the admin's language names it, with the code: "French (fr)"; the bare code when it has no name. */
export const useLocaleName = () => {
  const { formatDisplayName } = useIntl();
  return (code: string) => {
    try {
      const name = formatDisplayName(code, { type: 'language' });
      return name && name !== code ? `${name} (${code})` : code;
    } catch {
      return code;
    }
  };
};
