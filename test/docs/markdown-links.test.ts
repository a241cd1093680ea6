import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const skipped = new Set(['node_modules', 'dist', '.git']);

function markdownFiles(): string[] {
  const files = ['README.md', 'SECURITY.md'].map((f) => join(root, f)).filter((f) => existsSync(f));
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (skipped.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) files.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk(join(root, 'docs'));
  return files;
}

/** The text outside fenced code blocks and inline code, where links and headings live. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const visible = heading[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '');
    const slug = visible
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function linksOf(text: string): string[] {
  const links: string[] = [];
  for (const line of prose(text)) {
    const outsideCode = line.replace(/`[^`]*`/g, '');
    for (const match of outsideCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push(match[1]);
  }
  return links;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  const text = readFileSync(file, 'utf8');
  for (const link of linksOf(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) continue;
    const [pathPart, anchor] = link.split('#', 2);
    const target = pathPart === '' ? file : resolve(dirname(file), decodeURI(pathPart));
    if (!pathPart.startsWith('/') && !existsSync(target)) {
      broken.push(`${link}: no file ${relative(root, target)}`);
      continue;
    }
    if (anchor === undefined || anchor === '' || pathPart.startsWith('/')) continue;
    if (!target.endsWith('.md')) continue;
    if (!anchorsOf(readFileSync(target, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())) {
      broken.push(`${link}: no heading of ${relative(root, target)} makes #${anchor}`);
    }
  }
  return broken;
}

describe('every relative link in the Markdown documents reaches a file and a heading that exist', () => {
  it('finds the documents', () => {
    expect(markdownFiles().map((f) => relative(root, f))).toContain('README.md');
  });

  it('makes anchors the way GitHub does', () => {
    const anchors = anchorsOf('# The `npm test` command\n## Node.js versions\n## Node.js versions\n```\n# not a heading\n```');
    expect([...anchors]).toEqual(['the-npm-test-command', 'nodejs-versions', 'nodejs-versions-1']);
  });

  it.each(markdownFiles().map((f) => [relative(root, f), f]))('%s has no broken relative link', (_name, file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
