import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { FieldStack } from '@/components/FieldStack';
import type { Reminder } from '@common/schemas/reminders';
import { useGetPushDevicesQuery, useGetReminderQuery, useRemovePushDeviceMutation, useSaveReminderMutation, useSendTestReminderMutation } from '@/api/apiSlice';
import { Button } from '@/components/Button';
import { CheckboxRow } from '@/components/CheckboxRow';
import { Card, PanelTitle } from '@/components/Card';
import { ErrorLine, ErrorText, SuccessText } from '@/components/StatusMessage';
import { messageFor, serverErrorCode, type ErrorKey } from '@/lib/errorMessages';
import { DeviceList } from './DeviceList';
import { deviceTimeZone, pushSupport, SUPPORT_TEXT_KEY } from './pushDevice';
import { useT } from '@/i18n/I18nProvider';
import { useThisDevice } from './useThisDevice';
import { ZoneNotice } from './ZoneNotice';

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

type Draft = Pick<Reminder, 'enabled' | 'time' | 'skipWhenGoalMet'>;

/**
 * Settings' "Daily reminder" (contract, fourth edition): on or off, the time in the device's zone,
 * "only when I have not met my goal", the devices reminded, and a test reminder to this one.
 * Permission is asked only when the learner taps "Set reminder" (with the reminder on) or "Remind this device".
 */
export function ReminderSection() {
  const t = useT();
  const titleId = useId();
  const reminder = useGetReminderQuery();
  const devices = useGetPushDevicesQuery();
  const [save, saving] = useSaveReminderMutation();
  const [removeDevice, removing] = useRemovePushDeviceMutation();
  const [sendTest, testing] = useSendTestReminderMutation();

  const [draft, setDraft] = useState<Draft | null>(null);
  const [kept, setKept] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const thisDevice = useThisDevice((message) => {
    setStatus('');
    setError(message);
  });
  const { support, endpoint: thisEndpoint } = thisDevice;

  const saved = reminder.data;
  useEffect(() => {
    if (saved && !draft) setDraft({ enabled: saved.enabled, time: saved.time, skipWhenGoalMet: saved.skipWhenGoalMet });
  }, [saved, draft]);

  const device = deviceTimeZone();
  const savedDiffers = Boolean(saved?.enabled && saved.timeZone !== device);
  const zone = savedDiffers && saved ? saved.timeZone : device;
  const thisListed = thisEndpoint !== null && (devices.data ?? []).some((d) => d.endpoint === thisEndpoint);
  const busy = saving.isLoading || thisDevice.adding || removing.isLoading || testing.isLoading;

  const fail = (failure: unknown, key: ErrorKey) => {
    setStatus('');
    setError(messageFor(failure, key));
  };

  const saveWith = async (value: Reminder, done: string) => {
    try {
      await save(value).unwrap();
      setStatus(done);
    } catch (failure) {
      fail(failure, 'SAVE_REMINDER_ERROR');
    }
  };

  const onSave = async () => {
    if (!draft) return;
    setError(null);
    setStatus('');
    if (!TIME.test(draft.time)) {
      setError(t('reminder.form.timeInvalid'));
      return;
    }
    let notAllowed = false;
    if (draft.enabled && !thisListed && pushSupport() === 'ready') {
      const added = await thisDevice.remind();
      if (!added && pushSupport() === 'ready' && Notification.permission === 'granted') return;
      notAllowed = !added;
    }
    const on = { time: draft.time, zone };
    await saveWith(
      { ...draft, timeZone: zone },
      draft.enabled
        ? notAllowed
          ? t('reminder.status.onNotAllowed', on)
          : t('reminder.status.on', on)
        : t('reminder.status.off'),
    );
  };

  const onAddThisDevice = async () => {
    setError(null);
    setStatus('');
    if (await thisDevice.remind()) setStatus(t('reminder.status.deviceAdded'));
  };

  const onRemove = async (endpoint: string) => {
    setError(null);
    setStatus('');
    try {
      await removeDevice({ endpoint }).unwrap();
    } catch (failure) {
      fail(failure, 'REMOVE_PUSH_DEVICE_ERROR');
      return;
    }
    const here = endpoint === thisEndpoint;
    if (here) await thisDevice.forget();
    setStatus(here ? t('reminder.status.thisRemoved') : t('reminder.status.otherRemoved'));
  };

  const onTest = async () => {
    if (!thisEndpoint) return;
    setError(null);
    setStatus('');
    try {
      const { result } = await sendTest({ endpoint: thisEndpoint }).unwrap();
      if (result === 'sent') setStatus(t('reminder.test.sent'));
      else if (result === 'gone') setError(t('reminder.test.gone'));
      else setError(t('reminder.test.refused'));
    } catch (failure) {
      if (serverErrorCode(failure) === 'RATE_LIMITED') setError(t('reminder.test.tooMany'));
      else fail(failure, 'TEST_REMINDER_ERROR');
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{t('reminder.section.title')}</PanelTitle>
      {support !== 'ready' && <Why>{t(SUPPORT_TEXT_KEY[support])}</Why>}
      {reminder.isError && <ErrorLine>{messageFor(reminder.error, 'GET_REMINDER_ERROR')}</ErrorLine>}
      {draft && saved && (
        <Form onSubmit={(e) => (e.preventDefault(), void onSave())} aria-label={t('reminder.section.title')}>
          <CheckboxRow>
            <input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
            {t('reminder.form.enabled')}
          </CheckboxRow>
          <TimeField>
            <label htmlFor={`${titleId}-time`}>{t('reminder.form.time')}</label>
            <input id={`${titleId}-time`} type="time" required value={draft.time} aria-describedby={`${titleId}-zone`} onChange={(e) => setDraft({ ...draft, time: e.target.value })} />
            <Hint id={`${titleId}-zone`}>
              {zone === device ? t('reminder.form.zoneOfDevice', { zone }) : t('reminder.form.zone', { zone })}
            </Hint>
          </TimeField>
          {savedDiffers && !kept && (
            <ZoneNotice
              saved={saved.timeZone}
              device={device}
              disabled={busy}
              onSwitch={() => void saveWith({ ...saved, timeZone: device }, t('reminder.status.zoneSwitched', { zone: device }))}
              onKeep={() => {
                setKept(true);
                setStatus(t('reminder.status.zoneKept', { zone: saved.timeZone }));
              }}
            />
          )}
          <CheckboxRow>
            <input type="checkbox" checked={draft.skipWhenGoalMet} onChange={(e) => setDraft({ ...draft, skipWhenGoalMet: e.target.checked })} />
            {t('reminder.form.skipWhenGoalMet')}
          </CheckboxRow>
          <Actions>
            <Button type="submit" disabled={busy}>
              {t('reminder.form.save')}
            </Button>
          </Actions>
        </Form>
      )}
      <Devices>
        <h3>{t('reminder.devices.title')}</h3>
        {devices.isError && <ErrorLine>{messageFor(devices.error, 'GET_PUSH_DEVICES_ERROR')}</ErrorLine>}
        {devices.data && <DeviceList devices={devices.data} thisEndpoint={thisEndpoint} busy={busy} onRemove={(endpoint) => void onRemove(endpoint)} />}
        <Actions>
          {devices.data && !thisListed && support === 'ready' && (
            <Button $variant="secondary" disabled={busy} onClick={() => void onAddThisDevice()}>
              {t('reminder.devices.add')}
            </Button>
          )}
          {thisListed && (
            <Button $variant="secondary" disabled={busy} onClick={() => void onTest()}>
              {t('reminder.test.send')}
            </Button>
          )}
        </Actions>
      </Devices>
      {error && <ErrorText>{error}</ErrorText>}
      <SuccessText>{status}</SuccessText>
    </Card>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const TimeField = styled(FieldStack)`
  max-width: 16rem;
  input {
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Why = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.text};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Devices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
  h3 {
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;
