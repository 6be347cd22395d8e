/**
 * A type's video and news settings: which fields give a page's `<video:video>`, and whether the type
 * also gets a news sitemap (publication name, title and date fields). Each picker offers only the
 * fields of a kind that fits; the server checks again on save.
 */
import { useTranslate } from '../../../hooks/useTranslate';
import {
  newsFieldOptions,
  VIDEO_KEYS,
  videoFieldOptions,
  videoKeyRequired,
  type CatalogType,
  type TypeSettings,
} from '../../../utils/settings-form';
import { FieldSelect } from '../fields/FieldSelect';
import { SettingCell } from '../fields/SettingCell';
import { SettingField } from '../fields/SettingField';
import { TextSetting } from '../fields/TextSetting';

interface VideoNewsFieldsProps {
  uid: string;
  type: CatalogType;
  settings: TypeSettings;
  disabled: boolean;
  errorOf: (...path: string[]) => string | undefined;
  set: (patch: Partial<TypeSettings>) => void;
}

export const VideoNewsFields = ({
  uid,
  type,
  settings,
  disabled,
  errorOf,
  set,
}: VideoNewsFieldsProps) => {
  const { t } = useTranslate();
  const id = (field: string) => `${uid}-${field}`;
  const videoOptions = videoFieldOptions(type);
  const newsOptions = newsFieldOptions(type);
  const video = settings.video;
  const labels = {
    field: t('settings.video.field', 'Video (file or player URL)'),
    title: t('settings.video.title', 'Video title'),
    description: t('settings.video.description', 'Video description'),
    thumbnail: t('settings.video.thumbnail', 'Thumbnail'),
    duration: t('settings.video.duration', 'Duration (seconds)'),
    publicationDate: t('settings.video.publicationDate', 'Video publication date'),
  };

  const setVideo = (key: keyof NonNullable<TypeSettings['video']>, value: string | undefined) => {
    const next = { ...(video ?? { field: '', title: '', description: '', thumbnail: '' }) };
    if (value === undefined) delete next[key];
    else next[key] = value;
    // Choosing no video field turns the video off.
    set({
      video: key === 'field' && value === undefined ? undefined : (next as TypeSettings['video']),
    });
  };
  const setNews = (patch: Partial<NonNullable<TypeSettings['news']>>) => {
    const next = { publicationName: '', titleField: '', dateField: '', ...settings.news, ...patch };
    // Clearing the publication name turns the news sitemap off.
    set({ news: next.publicationName === '' ? undefined : next });
  };

  const videoSelect = (key: (typeof VIDEO_KEYS)[number]) => (
    <SettingCell col={4} key={key}>
      <SettingField
        name={id(`video-${key}`)}
        label={labels[key]}
        error={errorOf('video', key)}
        required={video !== undefined && videoKeyRequired(key)}
      >
        <FieldSelect
          value={video?.[key]}
          options={videoOptions[key]}
          noneLabel={
            key === 'field'
              ? t('settings.video.none', 'No video')
              : t('settings.video.unset', 'Not set')
          }
          disabled={disabled}
          onChange={(value) => setVideo(key, value)}
        />
      </SettingField>
    </SettingCell>
  );

  return (
    <>
      {videoOptions.field.length > 0 && videoSelect('field')}
      {video && VIDEO_KEYS.filter((key) => key !== 'field').map(videoSelect)}
      {newsOptions.dateField.length > 0 && newsOptions.titleField.length > 0 && (
        <>
          <SettingCell col={4}>
            <TextSetting
              name={id('news-publicationName')}
              label={t('settings.news.publicationName', 'News sitemap: publication name')}
              hint={t(
                'settings.news.hint',
                'Set it to list this type’s entries of the last 48 hours in a news sitemap, named exactly as on news.google.com.'
              )}
              error={errorOf('news', 'publicationName') ?? errorOf('news')}
              value={settings.news?.publicationName ?? ''}
              disabled={disabled}
              onChange={(publicationName) => setNews({ publicationName })}
            />
          </SettingCell>
          {settings.news &&
            (['titleField', 'dateField'] as const).map((key) => (
              <SettingCell col={4} key={key}>
                <SettingField
                  name={id(`news-${key}`)}
                  label={
                    key === 'titleField'
                      ? t('settings.news.titleField', 'News title from')
                      : t('settings.news.dateField', 'News publication date from')
                  }
                  error={errorOf('news', key)}
                  required
                >
                  <FieldSelect
                    value={settings.news?.[key] || undefined}
                    options={newsOptions[key]}
                    disabled={disabled}
                    onChange={(value) => setNews({ [key]: value ?? '' })}
                  />
                </SettingField>
              </SettingCell>
            ))}
        </>
      )}
    </>
  );
};
