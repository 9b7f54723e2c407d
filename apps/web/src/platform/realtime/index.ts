import { useEffect, useRef } from 'react';
import { API_BASE, api } from '../api/client';
import { authStore } from '../auth/store';

type Listener = (payload: unknown) => void;
interface Follower {
  message: Listener;
  /** The server confirmed the subscription: at first and after every reconnection (catch up on what was missed). */
  subscribed?: () => void;
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const PING_MS = 30_000;

/**
 * One WebSocket per tab to `/api/realtime`, opened while some screen follows a topic with a one-time
 * ticket asked for just before (a handshake cannot carry the token's header). It subscribes every
 * followed topic on each (re)connection, reconnects with a growing delay after a drop, and closes when the
 * last follower leaves or the user signs out. Messages the server refused to subscribe simply never come.
 */
class RealtimeConnection {
  private socket: WebSocket | null = null;
  /** A ticket is being asked for: a connection is under way. */
  private connecting = false;
  private readonly listeners = new Map<string, Set<Follower>>();
  private retry = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    authStore.subscribe(() => {
      if (!authStore.get().token) this.close();
      else if (!this.socket && !this.connecting && this.listeners.size) void this.connect();
    });
  }

  follow(topic: string, listener: Follower): () => void {
    const set = this.listeners.get(topic) ?? new Set();
    const first = set.size === 0;
    set.add(listener);
    this.listeners.set(topic, set);
    if (!this.socket && !this.connecting) void this.connect();
    else if (first) this.send({ type: 'subscribe', topics: [topic] });
    return () => {
      set.delete(listener);
      if (set.size) return;
      this.listeners.delete(topic);
      this.send({ type: 'unsubscribe', topics: [topic] });
      if (!this.listeners.size) this.close();
    };
  }

  private async connect() {
    if (!authStore.get().token || typeof WebSocket === 'undefined') return;
    this.connecting = true;
    let ticket: string;
    try {
      ({ ticket } = await api.post<{ ticket: string }>('/realtime/ticket', undefined, {
        suppressPopup: true,
      }));
    } catch {
      this.connecting = false;
      this.retryLater();
      return;
    }
    this.connecting = false;
    // Everything may have changed while the ticket was asked for: signed out, nobody follows, connected.
    if (this.socket || !this.listeners.size || !authStore.get().token) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}${API_BASE}/realtime?ticket=${ticket}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      if (this.listeners.size) this.send({ type: 'subscribe', topics: [...this.listeners.keys()] });
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_MS);
    };
    socket.onmessage = (event) => {
      let message: { type?: string; topic?: string; topics?: unknown; payload?: unknown };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === 'subscribed' && Array.isArray(message.topics)) {
        for (const topic of message.topics)
          for (const listener of this.listeners.get(String(topic)) ?? []) listener.subscribed?.();
        return;
      }
      if (message.type !== 'message' || !message.topic) return;
      for (const listener of this.listeners.get(message.topic) ?? []) listener.message(message.payload);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.stopTimers();
      this.socket = null;
      this.retryLater();
    };
  }

  /** Reconnects after a drop (or a refused ticket) with a growing delay, while someone follows. */
  private retryLater() {
    if (!this.listeners.size || !authStore.get().token) return;
    const delay = RETRY_MS[Math.min(this.retry, RETRY_MS.length - 1)]!;
    this.retry += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.socket && !this.connecting && this.listeners.size) void this.connect();
    }, delay);
  }

  private send(message: unknown) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private stopTimers() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.pingTimer = null;
    this.retryTimer = null;
  }

  private close() {
    this.stopTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}

let connection: RealtimeConnection | null = null;

/**
 * Follows a real-time topic (`orders/12`) while the screen is shown; `null` follows nothing. The latest
 * `onMessage` is called, so it may read the screen's current state. `onSubscribed` runs whenever the
 * server confirms the subscription, at first and after each reconnection: the moment to reload what may
 * have been missed while the connection was down.
 */
export function useRealtime(
  topic: string | null,
  onMessage: (payload: unknown) => void,
  onSubscribed?: () => void,
): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const subscribed = useRef(onSubscribed);
  subscribed.current = onSubscribed;
  useEffect(() => {
    if (!topic) return;
    connection ??= new RealtimeConnection();
    return connection.follow(topic, {
      message: (payload) => handler.current(payload),
      subscribed: () => subscribed.current?.(),
    });
  }, [topic]);
}
