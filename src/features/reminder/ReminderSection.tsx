import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { Reminder } from '@common/schemas/reminders';
import {
  useAddPushDeviceMutation,
  useGetPushDevicesQuery,
  useGetReminderQuery,
  useLazyGetPushKeyQuery,
  useRemovePushDeviceMutation,
  useSaveReminderMutation,
  useSendTestReminderMutation,
} from '@/app/apiSlice';
import { Button } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { ErrorLine, ErrorText, SuccessText } from '@/components/StatusMessage';
import { messageFor, type ErrorKey } from '@/lib/errorMessages';
import { DeviceList } from './DeviceList';
import { askPermission, currentSubscription, deviceTimeZone, pushSupport, subscribeThisDevice, SUPPORT_TEXT, type PushSupport } from './pushDevice';
import { ZoneNotice } from './ZoneNotice';

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const SUBSCRIBE_FAILED = "This device could not sign up for reminders: the browser's push service did not answer. Try again later.";

type Draft = Pick<Reminder, 'enabled' | 'time' | 'skipWhenGoalMet'>;

/**
 * Settings' "Daily reminder" (contract, fourth edition): on or off, the time in the device's zone,
 * "only when I have not met my goal", the devices reminded, and a test reminder to this one.
 * Permission is asked only when the learner taps Save (with the reminder on) or "Remind this device".
 */
export function ReminderSection() {
  const titleId = useId();
  const reminder = useGetReminderQuery();
  const devices = useGetPushDevicesQuery();
  const [getKey] = useLazyGetPushKeyQuery();
  const [save, saving] = useSaveReminderMutation();
  const [addDevice, adding] = useAddPushDeviceMutation();
  const [removeDevice, removing] = useRemovePushDeviceMutation();
  const [sendTest, testing] = useSendTestReminderMutation();

  const [support, setSupport] = useState<PushSupport>('ready');
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [kept, setKept] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setSupport(pushSupport());
    currentSubscription()
      .then((subscription) => setThisEndpoint(subscription?.endpoint ?? null))
      .catch(() => setThisEndpoint(null));
  }, []);

  const saved = reminder.data;
  useEffect(() => {
    if (saved && !draft) setDraft({ enabled: saved.enabled, time: saved.time, skipWhenGoalMet: saved.skipWhenGoalMet });
  }, [saved, draft]);

  const device = deviceTimeZone();
  const savedDiffers = Boolean(saved?.enabled && saved.timeZone !== device);
  const zone = savedDiffers && saved ? saved.timeZone : device;
  const thisListed = thisEndpoint !== null && (devices.data ?? []).some((d) => d.endpoint === thisEndpoint);
  const busy = saving.isLoading || adding.isLoading || removing.isLoading || testing.isLoading;

  const fail = (failure: unknown, key: ErrorKey) => {
    setStatus('');
    setError(messageFor(failure, key));
  };

  /** Asks permission (first thing: the tap's gesture), subscribes and adds this device; true when it is on the list. */
  const remindThisDevice = async (): Promise<boolean> => {
    const permission = await askPermission();
    setSupport(pushSupport());
    if (permission !== 'granted') return false;
    let publicKey: string;
    try {
      publicKey = (await getKey().unwrap()).publicKey;
    } catch (failure) {
      fail(failure, 'GET_PUSH_KEY_ERROR');
      return false;
    }
    let subscription: PushSubscriptionJSON;
    try {
      subscription = await subscribeThisDevice(publicKey);
    } catch {
      setError(SUBSCRIBE_FAILED);
      return false;
    }
    const { endpoint, keys, expirationTime } = subscription;
    if (!endpoint || !keys?.p256dh || !keys.auth) {
      setError(SUBSCRIBE_FAILED);
      return false;
    }
    try {
      await addDevice({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, expirationTime: expirationTime ?? null }).unwrap();
    } catch (failure) {
      fail(failure, 'ADD_PUSH_DEVICE_ERROR');
      return false;
    }
    setThisEndpoint(endpoint);
    return true;
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
      setError('Choose a time of day, hours and minutes.');
      return;
    }
    let note = '';
    if (draft.enabled && !thisListed && pushSupport() === 'ready') {
      const added = await remindThisDevice();
      if (!added && pushSupport() === 'ready' && Notification.permission === 'granted') return;
      if (!added) note = ' This device will not be reminded: notifications are not allowed.';
    }
    await saveWith(
      { ...draft, timeZone: zone },
      draft.enabled ? `Reminder on: every day at ${draft.time}, ${zone} time.${note}` : 'Reminder off. No device will be reminded.',
    );
  };

  const onAddThisDevice = async () => {
    setError(null);
    setStatus('');
    if (await remindThisDevice()) setStatus('This device will be reminded.');
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
    if (endpoint === thisEndpoint) {
      await (await currentSubscription().catch(() => null))?.unsubscribe().catch(() => false);
      setThisEndpoint(null);
    }
    setStatus(endpoint === thisEndpoint ? 'This device will no longer be reminded.' : 'That device will no longer be reminded.');
  };

  const onTest = async () => {
    if (!thisEndpoint) return;
    setError(null);
    setStatus('');
    try {
      const { result } = await sendTest({ endpoint: thisEndpoint }).unwrap();
      if (result === 'sent') setStatus('Test reminder sent. It should appear on this device within a few seconds.');
      else if (result === 'gone') setError('This device had stopped accepting reminders and was removed. Tap "Remind this device" to add it again.');
      else setError('The push service did not take the test reminder. Try again later.');
    } catch (failure) {
      fail(failure, 'TEST_REMINDER_ERROR');
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <PanelTitle id={titleId}>Daily reminder</PanelTitle>
      {support !== 'ready' && <Why>{SUPPORT_TEXT[support]}</Why>}
      {reminder.isError && <ErrorLine>{messageFor(reminder.error, 'GET_REMINDER_ERROR')}</ErrorLine>}
      {draft && saved && (
        <Form onSubmit={(e) => (e.preventDefault(), void onSave())} aria-label="Daily reminder">
          <Check>
            <input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
            Remind me each day
          </Check>
          <TimeField>
            <label htmlFor={`${titleId}-time`}>Time</label>
            <input id={`${titleId}-time`} type="time" required value={draft.time} aria-describedby={`${titleId}-zone`} onChange={(e) => setDraft({ ...draft, time: e.target.value })} />
            <Hint id={`${titleId}-zone`}>
              {zone} time{zone === device ? ' (this device)' : ''}
            </Hint>
          </TimeField>
          {savedDiffers && !kept && (
            <ZoneNotice
              saved={saved.timeZone}
              device={device}
              disabled={busy}
              onSwitch={() => void saveWith({ ...saved, timeZone: device }, `Reminder now goes by ${device} time.`)}
              onKeep={() => {
                setKept(true);
                setStatus(`Reminder stays on ${saved.timeZone} time.`);
              }}
            />
          )}
          <Check>
            <input type="checkbox" checked={draft.skipWhenGoalMet} onChange={(e) => setDraft({ ...draft, skipWhenGoalMet: e.target.checked })} />
            Only when I have not met my goal
          </Check>
          <Actions>
            <Button type="submit" disabled={busy}>
              Save reminder
            </Button>
          </Actions>
        </Form>
      )}
      <Devices>
        <h3>Devices reminded</h3>
        {devices.isError && <ErrorLine>{messageFor(devices.error, 'GET_PUSH_DEVICES_ERROR')}</ErrorLine>}
        {devices.data && <DeviceList devices={devices.data} thisEndpoint={thisEndpoint} busy={busy} onRemove={(endpoint) => void onRemove(endpoint)} />}
        <Actions>
          {devices.data && !thisListed && support === 'ready' && (
            <Button $variant="secondary" disabled={busy} onClick={() => void onAddThisDevice()}>
              Remind this device
            </Button>
          )}
          {thisListed && (
            <Button $variant="secondary" disabled={busy} onClick={() => void onTest()}>
              Send a test reminder
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

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  input {
    width: 20px;
    height: 20px;
  }
`;

const TimeField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  max-width: 16rem;
  label {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  input {
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
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
