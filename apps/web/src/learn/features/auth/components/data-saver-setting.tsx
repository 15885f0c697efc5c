import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { meQuery, updateMe } from '../../../lib/me';
import { learnKeys } from '../../../lib/query-keys';

/** Data saver: lectures stream at 360p at most. Kept on the server, so it follows the student to any phone. */
export function DataSaverSetting() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useQuery(meQuery());
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  async function change(dataSaver: boolean) {
    setSaving(true);
    setFailed(false);
    try {
      queryClient.setQueryData(learnKeys.me, await updateMe({ dataSaver }));
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="stack">
      <label className="row">
        <input
          type="checkbox"
          checked={me.data?.dataSaver ?? false}
          disabled={!me.isSuccess || saving}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>{t('dataSaver.label')}</span>
      </label>
      <p className="small muted">{t('dataSaver.hint')}</p>
      {failed && (
        <p className="alert error" role="alert">
          {t('dataSaver.failed')}
        </p>
      )}
    </div>
  );
}
