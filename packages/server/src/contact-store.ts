import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ContactMessage } from '@textlift/core';

export interface StoredContactMessage {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Contact messages in SQLite (Node's built-in driver): one file under the data directory,
 * created with its table on first start. Only what the form asked for is kept.
 *
 * Durability: the route answers 201 only after `add` returns, and `add` returns only after the
 * row is committed. In WAL mode a commit appends the row to the -wal file; with
 * `synchronous = NORMAL` that append is fsynced only at the next checkpoint, so a commit survives
 * the process being killed (the bytes are in the OS page cache) but not a power cut or kernel
 * crash before that checkpoint, which comes only every ~1000 WAL pages (for a contact form, days
 * of messages): the visitors were told "sent" and their messages are gone. `synchronous = FULL`
 * fsyncs the WAL at every commit, so a 201 means the message is on the disk itself. The price,
 * one fsync per message, is nothing at contact-form rates.
 */
export class ContactStore {
  private readonly db: DatabaseSync;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    // synchronous is per connection, not stored in the file: it is set on every open.
    this.db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = FULL;
      PRAGMA busy_timeout = 5000;
      CREATE TABLE IF NOT EXISTS contact_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL
      );
    `);
  }

  add(message: ContactMessage): number {
    const result = this.db
      .prepare('INSERT INTO contact_messages (name, email, subject, message) VALUES (?, ?, ?, ?)')
      .run(message.name, message.email, message.subject, message.message);
    return Number(result.lastInsertRowid);
  }

  all(): StoredContactMessage[] {
    return this.db
      .prepare('SELECT id, created_at AS createdAt, name, email, subject, message FROM contact_messages ORDER BY id')
      .all() as unknown as StoredContactMessage[];
  }

  /** The settings the durability promise rests on: journal mode and synchronous level (2 = FULL). */
  durability(): { journalMode: string; synchronous: number } {
    const { journal_mode: journalMode } = this.db.prepare('PRAGMA journal_mode').get() as { journal_mode: string };
    const { synchronous } = this.db.prepare('PRAGMA synchronous').get() as { synchronous: number };
    return { journalMode, synchronous };
  }

  close() {
    this.db.close();
  }
}
