import { describe, expect, it } from 'vitest';
import { skillNamed } from '@common/domain';
import { detectSource, togglNames } from '@/lib/dataFiles';

describe('the import source of a picked file', () => {
  it('is our JSON export for a .json file or text that starts with an object', () => {
    expect(detectSource('lingualog-export-2026-11-23.json', '')).toBe('lingualog-json');
    expect(detectSource('backup.txt', '\uFEFF  {"format":"lingualog"}')).toBe('lingualog-json');
  });
  it('is our CSV export when the header is ours, else a Toggl Track CSV', () => {
    expect(detectSource('x.csv', 'language,date,listening_minutes,reading_minutes\r\nSpanish,2025-01-01,1,0')).toBe('lingualog-csv');
    expect(detectSource('Toggl_time_entries.csv', 'User,Email,Client,Project,Task,Description,Billable,Start date')).toBe('toggl-csv');
  });
});

describe('Toggl names to map to skills', () => {
  it('lists every project and tag once, the most used first', () => {
    const rows = [
      ['\uFEFFUser', 'Project', 'Description', 'Start date', 'Duration', 'Tags'],
      ['a', 'Podcasts', 'x', '2025-01-01', '00:10:00', 'commute, evening'],
      ['a', 'Podcasts', 'x', '2025-01-01', '00:10:00', 'commute'],
      ['a', '', 'x', '2025-01-01', '00:10:00', 'Reading'],
    ];
    expect(togglNames(rows)).toEqual(['commute', 'Podcasts', 'evening', 'Reading']);
  });
  it('suggests the skill a name already names, as the server reads it', () => {
    expect(skillNamed(' Reading ')).toBe('reading');
    expect(skillNamed('listen')).toBe('listening');
    expect(skillNamed('Podcasts')).toBeUndefined();
    expect(skillNamed('constructor')).toBeUndefined();
  });
});
