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
 */
export class ContactStore {
  private readonly db: DatabaseSync;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec(`
      PRAGMA journal_mode = WAL;
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

  close() {
    this.db.close();
  }
}
