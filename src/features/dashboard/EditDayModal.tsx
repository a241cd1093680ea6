import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { ActivityRecord, EditDailyActivity, SkillMinutes } from '@common/api-types';
import { isAchieved, markFor } from '@common/achieved';
import type { Skill } from '@common/domain';
import { SKILLS, skillDailyField } from '@common/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEditDailyActivityMutation, useGetDailyGoalOnQuery, useGetUserLanguageQuery } from '@/api/apiSlice';
import { addedMinutes, OFFLINE_ACTION, selectWaiting, useOnline } from '@/sync';
import { useAppSelector } from '@/api/hooks';
import { Button } from '@/components/Button';
import { CheckboxRow } from '@/components/CheckboxRow';
import { HoursMinutesInput } from '@/components/DigitsInput';
import { Modal } from '@/components/Modal';
import { ErrorText } from '@/components/StatusMessage';
import { SKILL_NAMES } from '@/lib/skills';
import { useT } from '@/i18n/I18nProvider';
import { formatLongDate } from '@/lib/calendar';
import { ERRORS, messageFor } from '@/lib/errorMessages';
import { formatHm, splitMinutes, toMinutes } from '@/lib/time';
import { isDigitsOrEmpty, TimeForm } from './timeForm';

type Fields = Record<Skill, { hours: string; minutes: string }>;

function initialFields(record: ActivityRecord | undefined): Fields {
  const fields = {} as Fields;
  for (const skill of SKILLS) {
    const { hours, minutes } = splitMinutes(record?.[skillDailyField(skill)] ?? 0);
    fields[skill] = { hours: String(hours), minutes: String(minutes) };
  }
  return fields;
}

function minutesOf(fields: Fields): SkillMinutes {
  const minutes = {} as SkillMinutes;
  for (const s of SKILLS) minutes[skillDailyField(s)] = isDigitsOrEmpty(fields[s].hours) && isDigitsOrEmpty(fields[s].minutes) ? toMinutes(fields[s].hours, fields[s].minutes) : 0;
  return minutes;
}

const totalOf = (minutes: SkillMinutes) => Object.values(minutes).reduce((sum, m) => sum + m, 0);

interface EditDayModalProps {
  date: string;
  isToday: boolean;
  /** The day's saved record; a day without one starts at zero. */
  record: ActivityRecord | undefined;
  onClose: () => void;
}

/** Sets the four skills' minutes of one day, and for past days whether its goal was achieved. */
export function EditDayModal({ date, isToday, record, onClose }: EditDayModalProps) {
  const t = useT();
  const formId = useId();
  const [fields, setFields] = useState(() => initialFields(record));
  const [ticked, setTicked] = useState<boolean | null>(null);
  const goal = useGetDailyGoalOnQuery(isToday ? skipToken : date).data?.dailyGoalMinutes;
  const [error, setError] = useState<string | null>(null);
  const [editDay, { isLoading }] = useEditDailyActivityMutation();
  const online = useOnline();
  const waiting = useWaitingOn(date);
  // The day shown is the one of this language: the edit goes there even if another device switches meanwhile.
  const language = useGetUserLanguageQuery().data?.name ?? null;

  // The box follows the minutes against that day's goal until the learner changes it, unless the
  // stored answer already parts from them (an earlier answer of the learner's own, which stays).
  const initialTotal = totalOf(minutesOf(initialFields(record)));
  const mark = record && goal !== undefined ? markFor(record.achieved, initialTotal, goal) : null;
  const computed = goal !== undefined ? isAchieved(mark, totalOf(minutesOf(fields)), goal) : (record?.achieved ?? false);
  const achieved = ticked ?? computed;

  const setField = (skill: Skill, part: 'hours' | 'minutes') => (value: string) =>
    setFields((f) => ({ ...f, [skill]: { ...f[skill], [part]: value } }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = SKILLS.flatMap((s) => [fields[s].hours, fields[s].minutes]);
    if (!values.every(isDigitsOrEmpty)) {
      setError(ERRORS.NOT_NUMBER_INPUT);
      return;
    }
    const minutes = minutesOf(fields);
    // The achieved flag may only be set for past days: today's follows its goal (spec 5).
    const body: EditDailyActivity = isToday ? { date, isToday, ...minutes } : { date, isToday, ...minutes, achieved };
    setError(null);
    try {
      await editDay({ ...body, language }).unwrap();
      onClose();
    } catch (failure) {
      setError(messageFor(failure, 'EDIT_DAILY_TIME_ERROR'));
    }
  };

  return (
    <Modal
      title={formatLongDate(date)}
      onClose={onClose}
      footer={
        <Button type="submit" form={formId} disabled={isLoading || !online}>
          {online ? t('dashboard.editDay.save') : t(OFFLINE_ACTION)}
        </Button>
      }
    >
      <TimeForm id={formId} onSubmit={onSubmit} noValidate>
        {error && <ErrorText>{error}</ErrorText>}
        {waiting && (
          <Waiting role="status">
            {t('dashboard.editDay.waiting', { waiting })}
          </Waiting>
        )}
        {SKILLS.map((skill) => (
          <HoursMinutesInput
            key={skill}
            idPrefix={`${formId}-${skill}`}
            legend={SKILL_NAMES[skill]}
            hours={fields[skill].hours}
            minutes={fields[skill].minutes}
            onHoursChange={setField(skill, 'hours')}
            onMinutesChange={setField(skill, 'minutes')}
          />
        ))}
        {!isToday && (
          <CheckboxRow>
            <input type="checkbox" checked={achieved} onChange={(event) => setTicked(event.target.checked)} />
            {t('dashboard.editDay.achieved')}
          </CheckboxRow>
        )}
      </TimeForm>
    </Modal>
  );
}

/**
 * Adds of `date` kept on this device and not yet on the server (issue #39, item 7), by skill:
 * the fields hold the saved minutes, and these are added to whatever is saved here when they are
 * sent, so the learner sets the saved part only and nothing is counted twice.
 */
function useWaitingOn(date: string): string | null {
  const t = useT();
  const waiting = useAppSelector(selectWaiting).filter((e) => e.body.date === date);
  const bySkill = new Map<Skill, number>();
  for (const entry of waiting) {
    const added = addedMinutes(entry.body);
    if (added) bySkill.set(added.skill, (bySkill.get(added.skill) ?? 0) + added.minutes);
  }
  if (bySkill.size === 0) return null;
  return SKILLS.filter((skill) => bySkill.has(skill))
    .map((skill) => t('dashboard.editDay.waitingSkill', { time: formatHm(bySkill.get(skill)!), skill: SKILL_NAMES[skill] }))
    .join(', ');
}

const Waiting = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

