/**
 * What each level means for a learner (spec 3: fixed client-side text). Levels 1 to 6 follow
 * the spirit of the CEFR bands A1 to C2; the wording is our own.
 */
import type { Skill } from '@common/domain';
import { MAX_LEVEL } from '@common/domain';

export const LEVEL_ZERO_TEXT = 'Just getting started!';

export type SkillDescriptions = Record<Skill, string>;

export interface LevelDescription extends SkillDescriptions {
  level: number;
  title: string;
  /** Short can-do lines for the level's card. */
  highlights: readonly string[];
  general: string;
}

export const LEVEL_DESCRIPTIONS: readonly LevelDescription[] = [
  {
    level: 1,
    title: 'The Survivor',
    highlights: ['Greet people and introduce yourself', 'Order food, ask prices and directions', 'Understand slow, simple phrases'],
    general: 'You can get through the basics of a day abroad with short, memorised phrases. Keep building everyday vocabulary in small, regular sessions.',
    listening: 'You catch familiar words and very simple phrases when people speak slowly and clearly. Practise with slow audio made for beginners and replay it often.',
    reading: 'You understand signs, menus and short notes built from words you already know. Read labels, captions and picture books to grow your word bank.',
    speaking: 'You can say hello, introduce yourself and ask for simple things using set phrases. Repeat phrases out loud and shadow short recordings.',
    writing: 'You can fill in a form with your name, nationality and address and write a short greeting. Copy out useful sentences and swap in your own words.',
  },
  {
    level: 2,
    title: 'The Doer',
    highlights: ['Handle shopping, transport and routine errands', 'Talk about your family, work and home', 'Read short everyday texts'],
    general: 'You manage routine tasks and simple exchanges about familiar things. Next, link your sentences together so you can describe and explain a little more.',
    listening: 'You follow the main point of short, clear announcements and messages about everyday matters. Try podcasts for learners and guess meaning from context.',
    reading: 'You find the information you need in timetables, adverts and short personal letters. Move on to graded readers and simple news written for learners.',
    speaking: 'You can describe your background, daily routine and immediate needs in simple terms. Practise short conversations and ask a partner follow-up questions.',
    writing: 'You can write short notes and simple messages about everyday needs. Keep a few lines of diary each day and connect ideas with "and", "but" and "because".',
  },
  {
    level: 3,
    title: 'The Small Talker',
    highlights: ['Chat about hobbies, travel and plans', 'Follow the gist of clear talk and shows', 'Write simple connected texts'],
    general: 'You can keep a conversation going on familiar topics and cope with most travel situations. Push yourself towards longer, less scripted conversations.',
    listening: 'You understand the main points of clear speech about work, school and leisure, and many radio or TV programmes on familiar topics. Watch series with subtitles in the language.',
    reading: 'You understand texts written in everyday language and letters that describe events and feelings. Read blogs and short stories on subjects you enjoy.',
    speaking: 'You can tell a story, describe experiences and give brief reasons for your opinions. Join language exchanges and practise explaining your point of view.',
    writing: 'You can write simple connected text on familiar topics and personal letters about experiences. Ask a tutor or native speaker to correct a short text each week.',
  },
  {
    level: 4,
    title: 'The Self-Starter',
    highlights: ['Talk with native speakers without much strain', 'Understand films and most articles', 'Argue a point clearly in writing'],
    general: 'You can use the language independently, including on abstract topics and in your own field. Now work on precision, idioms and a wider range of registers.',
    listening: 'You follow extended speech and lectures, most TV news and films in a standard accent. Listen to unscripted podcasts and debates at natural speed.',
    reading: 'You read articles and reports where writers take a stance, and contemporary fiction. Read widely and note phrases you would like to use yourself.',
    speaking: 'You can talk fluently and spontaneously with native speakers and defend your views on a range of subjects. Practise debating and explaining complex ideas.',
    writing: 'You can write clear, detailed texts that present arguments for and against a view. Write essays or reviews and study how native writers structure them.',
  },
  {
    level: 5,
    title: 'The Social Butterfly',
    highlights: ['Express yourself fluently and spontaneously', 'Follow fast talk, jokes and implied meaning', 'Write well-structured detailed texts'],
    general: 'You use the language flexibly for social, academic and professional purposes. Refine your style, nuance and cultural references to sound truly natural.',
    listening: 'You understand extended speech even when it is loosely structured and meaning is only implied. Take on comedy, fast talk shows and regional accents.',
    reading: 'You understand long, complex factual and literary texts and notice differences in style. Read literature and specialist articles outside your comfort zone.',
    speaking: 'You express yourself fluently with hardly any searching for words, in any social setting. Polish your intonation and practise telling jokes and anecdotes.',
    writing: 'You can write well-structured, detailed texts on complex subjects in a style suited to the reader. Experiment with tone and edit your drafts for concision.',
  },
  {
    level: 6,
    title: 'The Professional',
    highlights: ['Understand virtually everything you hear or read', 'Express fine shades of meaning precisely', 'Work and study fully in the language'],
    general: 'You use the language with near-native ease and precision in any situation. Keep it sharp by working, creating and teaching in the language.',
    listening: 'You understand any kind of spoken language, live or broadcast, even at fast native speed. Keep listening across genres, dialects and specialist fields.',
    reading: 'You read virtually all forms of writing with ease, including abstract, complex and highly idiomatic texts. Explore classics, poetry and technical writing.',
    speaking: 'You can present complex ideas fluently and precisely, adapting smoothly to any audience. Give talks, interpret or mentor other learners.',
    writing: 'You can write complex reports, articles and creative texts with a natural, effective style. Write for publication or translate to stretch your range.',
  },
];

/** The description of levels 1 to 6, or null for level 0 (see LEVEL_ZERO_TEXT). */
export function levelDescription(level: number): LevelDescription | null {
  if (level < 1 || level > MAX_LEVEL) return null;
  return LEVEL_DESCRIPTIONS[level - 1] ?? null;
}
