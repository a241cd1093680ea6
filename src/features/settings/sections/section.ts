import type { ReactNode } from 'react';
import type { SkipToken } from '@reduxjs/toolkit/query/react';
import type { ExportedLanguage, ExportFile } from '@common/schemas/data';
import type { ReadResult } from '@/components/FailureNotice';
import type { ErrorKey } from '@/lib/errorMessages';

/** An RTK Query read as a section sees it: its data and whether it failed. */
export interface Read<Stored> extends ReadResult {
  data?: Stored;
}

/** What a section's fields receive: the value shown (the draft, else the saved one) and where a change goes. */
export interface FieldsProps<Value> {
  /** `settings-<section id>`: the field's id, or its ids' prefix. */
  id: string;
  value: Value;
  onChange(value: Value): void;
  /** The drafted language's reads (empty while the saved language is shown). */
  otherReads: ReadResult[];
}

/**
 * Where a setting lives:
 * - `choice`: the learner's language itself (drafting another one reads that language's settings);
 * - `language`: held per learnable language (goal, previous hours, milestones): a drafted language
 *   shows and saves its own values, and its drafts are dropped when another language is drafted;
 * - `learner`: the learner's own, the same for every language (rest days, the day's end).
 */
export type SectionScope = 'choice' | 'language' | 'learner';

/** Where the export file (and so an import) holds the setting: a top-level field, or one in each language. */
export type TransferKey = { file: keyof ExportFile } | { language: keyof ExportedLanguage };

/**
 * One Settings section, all in one place (docs/ARCHITECTURE.md "How to add a setting"):
 * `Value` is the draft's type (what the fields edit), `Stored` what the read answers, `Body` what the save sends.
 * Methods (not arrow properties) so a descriptor fits the registry's list of every section.
 */
export interface SettingSection<Id extends string, Value, Stored, Body = Value> {
  id: Id;
  /** The catalogue key of the section's name: a card's title (wide), a button's and its modal's (narrow). */
  title: string;
  /** Stroke paths on a 24-unit grid, drawn in the current text colour beside the name (narrow screens). */
  icon: readonly string[];
  scope: SectionScope;
  /** The save sequence (spec 4): lower first. The sections are shown in the registry's order. */
  saveOrder: number;
  transfer: TransferKey;
  /** The saved value's read. */
  useSaved(): Read<Stored>;
  /** `language` scope: the same read for another language (skipped while none is drafted). */
  useForLanguage?(language: string | SkipToken): Read<Stored>;
  /** The draft's form of a saved value. */
  toDraft(stored: Stored): Value;
  /** Whether the draft differs from the saved value (only what differs is saved). */
  differs(draft: Value, stored: Stored): boolean;
  /** Checks a draft before anything of the save sequence is sent: what to send, or the message shown. */
  prepare?(draft: Value): { body: Body } | { error: string };
  /** A hook giving the save call; its failure shows `errorKey`'s message. */
  useSend(): Send<Body>;
  errorKey: ErrorKey;
  Fields(props: FieldsProps<Value>): ReactNode;
}

/** A save call (declared as a method so every section's fits the registry's list). */
export type Send<Body> = { send(body: Body): Promise<unknown> }['send'];

/** A section as the registry lists them all; each descriptor file keeps its own types. */
export type AnySection = SettingSection<string, unknown, unknown, unknown>;

/** Checks a descriptor against SettingSection while keeping its literal id and value types. */
export function defineSection<Id extends string, Value, Stored, Body = Value>(section: SettingSection<Id, Value, Stored, Body>) {
  return section;
}
