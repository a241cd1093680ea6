/**
 * Sends one Web Push message with the `web-push` library (VAPID, RFC 8292; aes128gcm, RFC 8291).
 * What is ours: the https agent it sends through. Its `lookup` resolves the push service's name
 * itself, every address, and refuses to connect when any of them is internal (pushEndpoint.ts),
 * so a name that pointed somewhere public when the learner subscribed and points into the host's
 * network now (DNS rebinding) gets no request. The address checked is the address connected to:
 * there is no second look-up. A host written as an IP literal skips every look-up, so before each
 * send the endpoint is checked again by the subscribe-time rule (endpointProblem: both URL
 * parsers, the host's characters, the port, the address in every notation), whatever row holds
 * it. `https.request` follows no redirect, so a 3xx is an answer, never a second request. Origins
 * in PUSH_ENDPOINT_ORIGINS go through an agent without the address check.
 */
import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { Agent, type AgentOptions } from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { endpointProblem, isAllowedOrigin, isInternalAddress } from '../domain/pushEndpoint';

export type PushMessage = { endpoint: string; p256dh: string; auth: string };
/** sent: accepted by the push service; gone: 404 or 410, the subscription is dead; failed: anything else. */
export type PushOutcome = 'sent' | 'gone' | 'failed';
/** What a send can say: also `transient`, a 5xx, a 429 or no answer in time (worth one more try). */
export type PushSendResult = PushOutcome | 'transient';
export type PushSend = (subscription: PushMessage, payload: string, vapid: { subject: string; publicKey: string; privateKey: string }) => Promise<PushSendResult>;

/** A reminder says nothing useful the next day. */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** The resolver the guard asks (dns.lookup; a stub in tests). */
export type Resolver = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const guardedLookup = (resolve: Resolver): LookupFunction => (hostname, options, callback) => {
  resolve(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => isInternalAddress(a.address));
    if (refused || addresses.length === 0) {
      const error = Object.assign(new Error(`push service ${hostname} resolves to an internal address`), { code: 'EPUSHINTERNAL' });
      return callback(error, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};

export interface PushSenderOptions {
  /** Origins sent to whatever their address (PUSH_ENDPOINT_ORIGINS). */
  allowedOrigins: readonly string[];
  /** Extra certificate authorities to trust (tests' local push service); else Node's, with NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer;
  /** The resolver behind the address check (default dns.lookup). */
  resolver?: Resolver;
}

export function pushSender({ allowedOrigins, ca, resolver = lookup as unknown as Resolver }: PushSenderOptions): { send: PushSend; close(): void } {
  const common: AgentOptions = { keepAlive: true, maxSockets: 16, ...(ca ? { ca } : {}) };
  const guarded = new Agent({ ...common, lookup: guardedLookup(resolver) });
  const allowed = new Agent(common);
  const send: PushSend = async (subscription, payload, vapid) => {
    // Stored rows are checked again: an IP literal is never looked up, so the agent alone would not stop it.
    if (endpointProblem(subscription.endpoint, allowedOrigins) !== null) return 'failed';
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        timeout: SEND_TIMEOUT_MS,
        agent: isAllowedOrigin(subscription.endpoint, allowedOrigins) ? allowed : guarded,
      });
      return 'sent';
    } catch (err) {
      const { statusCode: status, code } = err as { statusCode?: number; code?: string };
      if (status === 404 || status === 410) return 'gone';
      if (status === 429 || (status !== undefined && status >= 500)) return 'transient';
      // No answer (a timeout, a reset connection), but never a refused internal address.
      if (status === undefined && code !== 'EPUSHINTERNAL') return 'transient';
      return 'failed';
    }
  };
  return {
    send,
    close: () => {
      guarded.destroy();
      allowed.destroy();
    },
  };
}

export const makeVapidKeys = () => webpush.generateVAPIDKeys();
