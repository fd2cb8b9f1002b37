import { describe, expect, test } from 'vitest';
import { sharedLoad, sharedLoads } from './shared-load.ts';

describe('sharedLoad', () => {
  test("starts one load for every caller, with the first caller's arguments", async () => {
    const started: string[] = [];
    const load = sharedLoad(async (name: string) => {
      started.push(name);
      return name.length;
    });
    expect(await Promise.all([load('first'), load('second')])).toEqual([5, 5]);
    expect(await load('third')).toBe(5);
    expect(started).toEqual(['first']);
  });

  test('forgets a failed load, undoes it, and tries afresh on the next call', async () => {
    let attempts = 0;
    let undone = 0;
    const load = sharedLoad(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('did not arrive');
        return 'ready';
      },
      () => {
        undone += 1;
      },
    );
    await expect(load()).rejects.toThrow('did not arrive');
    expect(undone).toBe(1);
    expect(await load()).toBe('ready');
    expect(await load()).toBe('ready');
    expect(attempts).toBe(2);
  });
});

describe('sharedLoads', () => {
  test('each key loads once for every caller; a failed key is forgotten and tried afresh', async () => {
    const asked: string[] = [];
    const loads = sharedLoads(async (key: string) => {
      asked.push(key);
      if (key === 'ara' && asked.filter((each) => each === 'ara').length === 1) throw new Error('registry unreachable');
      return `${key} model`;
    });
    expect(await Promise.all([loads.get('eng'), loads.get('eng')])).toEqual(['eng model', 'eng model']);
    await expect(loads.get('ara')).rejects.toThrow('registry unreachable');
    expect(loads.has('ara')).toBe(false);
    expect(await loads.get('ara')).toBe('ara model');
    expect(loads.has('eng')).toBe(true);
    expect(asked).toEqual(['eng', 'ara', 'ara']);
  });
});
