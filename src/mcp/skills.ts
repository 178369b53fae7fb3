// A server's skills (the Skills extension, SEP-2640) through the official SDK's host side
// (`SkillsClient`): every page listed, each file read by the entry's URI and verified against its
// size and digest (SKILL.md also against the entry's frontmatter). Nothing is read ahead of need:
// a file is read when it is asked for. Loaded on demand (its code is not in the first bundle).
import {
  SkillVerificationError,
  SkillsClient,
  type InvalidSkillEntry,
  type Skill,
  type SkillFile,
} from '@modelcontextprotocol/client/ext/skills';
import type { Client } from '@modelcontextprotocol/client';
import { failureOf } from './errors.ts';

export type { InvalidSkillEntry, Skill, SkillFile };

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

export interface SkillListing {
  skills: Skill[];
  /** Entries the SDK refused, and why (one sentence per broken rule, joined by "; "). */
  invalid: InvalidSkillEntry[];
  /** 2026-07-28: how long the list stays fresh, and who may share it. */
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
}

/** Why a file was not used: its bytes broke the entry (digest, size, frontmatter), or it could not be read. */
export type SkillReadFailure = 'digest' | 'size' | 'frontmatter' | 'unlisted' | 'unreadable';

export type SkillRead = { ok: true; file: SkillFile } | { ok: false; uri: string; reason: SkillReadFailure; message: string };

/** The skill's root: its SKILL.md URI without the file name. */
export const skillRoot = (skill: Pick<Skill, 'uri'>) => skill.uri.replace(/SKILL\.md$/, '');

/** A listed file's path under the skill's root (`references/FORMS.md`), or its URI when it is elsewhere. */
export function skillPath(skill: Pick<Skill, 'uri'>, uri: string): string {
  const root = skillRoot(skill);
  return uri.startsWith(root) ? uri.slice(root.length) : uri;
}

export class ServerSkills {
  readonly #host: SkillsClient;

  constructor(client: Client) {
    this.#host = new SkillsClient(client, { skipInvalid: true });
  }

  /** The server declared the extension. */
  get supported(): boolean {
    return this.#host.supported;
  }

  /** Every skill, every page walked; entries that break the extension's rules come back refused, with why. */
  async list(signal?: AbortSignal): Promise<SkillListing> {
    const listing = await this.#host.list({}, signal ? { signal } : undefined);
    return {
      skills: listing.skills,
      invalid: listing.invalid,
      ...(listing.ttlMs !== undefined ? { ttlMs: listing.ttlMs } : {}),
      ...(listing.cacheScope ? { cacheScope: listing.cacheScope } : {}),
    };
  }

  /** Reads one file of `skill` (its SKILL.md by default) and verifies it; a failure says which check. */
  async read(skill: Skill, ref?: string, signal?: AbortSignal): Promise<SkillRead> {
    const uri = ref === undefined ? skill.uri : ref.includes('://') ? ref : skillRoot(skill) + ref;
    try {
      return { ok: true, file: await this.#host.read(skill, ref, signal ? { signal } : undefined) };
    } catch (error) {
      if (error instanceof SkillVerificationError) return { ok: false, uri: error.uri, reason: error.reason, message: error.message };
      return { ok: false, uri, reason: 'unreadable', message: failureOf(error).message };
    }
  }
}
