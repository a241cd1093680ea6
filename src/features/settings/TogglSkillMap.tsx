import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { SKILLS, type Skill } from '@common/domain';
import { ENTRIES_WITHOUT_SKILL, type EntriesWithoutSkill } from '@common/schemas/data';
import { Select, SelectField } from '@/components/Select';
import { StatusText } from '@/components/StatusMessage';
import { skillNamed } from '@common/domain';
import { togglNames } from '@/lib/dataFiles';
import { useT } from '@/i18n/I18nProvider';

/** Each skill's name in a select. */
const SKILL_KEYS: Record<Skill, string> = {
  listening: 'settings.skill.listening',
  reading: 'settings.skill.reading',
  speaking: 'settings.skill.speaking',
  writing: 'settings.skill.writing',
};

interface TogglSkillMapProps {
  text: string;
  value: Record<string, Skill>;
  disabled: boolean;
  onChange: (map: Record<string, Skill>) => void;
  /** The file's names were read: the map they suggest (names that already name a skill). */
  onRead: (suggested: Record<string, Skill>) => void;
}

/** Rows of the CSV, with the parser loaded only when a learner imports from Toggl. */
async function rowsOf(text: string): Promise<string[][]> {
  const { parse } = await import('csv-parse/browser/esm/sync');
  try {
    return parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true, to_line: 20_000 }) as string[][];
  } catch {
    return [];
  }
}

/** Each Toggl project and tag, with the skill its entries count for; names that already name a skill start mapped. */
export function TogglSkillMap({ text, value, disabled, onChange, onRead }: TogglSkillMapProps) {
  const t = useT();
  const [names, setNames] = useState<string[] | null>(null);

  useEffect(() => {
    let current = true;
    void rowsOf(text).then((rows) => {
      if (!current) return;
      const found = togglNames(rows);
      setNames(found);
      const suggested = Object.fromEntries(found.flatMap((name) => (skillNamed(name) ? [[name, skillNamed(name) as Skill]] : [])));
      onRead(suggested);
    });
    return () => {
      current = false;
    };
    // Read once per file; onRead is a fresh closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  if (names === null) return <StatusText>{t('settings.toggl.reading')}</StatusText>;
  if (names.length === 0) return <StatusText>{t('settings.toggl.noNames')}</StatusText>;
  const choose = (name: string, skill: string) => {
    const next = { ...value };
    if (skill) next[name] = skill as Skill;
    else delete next[name];
    onChange(next);
  };
  return (
    <fieldset disabled={disabled}>
      <legend>{t('settings.toggl.legend')}</legend>
      <Grid>
        {names.map((name, i) => (
          <Row key={name}>
            <label htmlFor={`toggl-name-${i}`}>{name}</label>
            <Select id={`toggl-name-${i}`} value={value[name] ?? ''} onChange={(e) => choose(name, e.target.value)}>
              <option value="">{t('settings.toggl.notASkill')}</option>
              {SKILLS.map((skill) => (
                <option key={skill} value={skill}>{t(SKILL_KEYS[skill])}</option>
              ))}
            </Select>
          </Row>
        ))}
      </Grid>
    </fieldset>
  );
}

const WITHOUT_SKILL_LABELS: Record<EntriesWithoutSkill, string> = {
  refuse: 'settings.toggl.refuse',
  skip: 'settings.toggl.skip',
  listening: 'settings.toggl.countAsListening',
  reading: 'settings.toggl.countAsReading',
  speaking: 'settings.toggl.countAsSpeaking',
  writing: 'settings.toggl.countAsWriting',
};

/**
 * What happens to an entry whose project, tags and description name no skill (issue #44): the
 * file is refused with each one quoted (the default), they are skipped, or they count for a skill.
 */
export function UnnamedEntries({ value, disabled, onChange }: { value: EntriesWithoutSkill; disabled: boolean; onChange: (choice: EntriesWithoutSkill) => void }) {
  const t = useT();
  return (
    <SelectField>
      <label htmlFor="toggl-without-skill">{t('settings.toggl.withoutSkill')}</label>
      <Select id="toggl-without-skill" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as EntriesWithoutSkill)}>
        {ENTRIES_WITHOUT_SKILL.map((choice) => (
          <option key={choice} value={choice}>{t(WITHOUT_SKILL_LABELS[choice])}</option>
        ))}
      </Select>
    </SelectField>
  );
}

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  max-height: 280px;
  overflow-y: auto;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  label { overflow-wrap: anywhere; }
`;
