import { describe, expect, it } from 'vitest';
import { ControlLoop, type CallKind, type Launch } from '../src/control-loop.js';
import { simulate } from '../src/simulate.js';

const KINDS: CallKind[] = ['download', 'kernel', 'readback'];

/** Runs the loop to the end, completing calls in launch order; returns them. */
function drain(loop: ControlLoop): Launch[] {
  const done: Launch[] = [];
  for (let launches = loop.poll(); launches.length > 0; launches = loop.poll()) {
    for (const l of launches) {
      loop.complete(l);
      done.push(l);
    }
  }
  return done;
}

describe('ControlLoop', () => {
  it('places task t on device t mod c, stream ⌊t/c⌋ mod l', () => {
    const loop = new ControlLoop([0, 1, 2], 2);
    const placed = Array.from({ length: 12 }, (_, t) => loop.enqueue(t, KINDS));
    placed.forEach((p, t) => expect(p).toEqual({ device: t % 3, stream: Math.floor(t / 3) % 2 }));
  });

  it('starts a kernel before anything else the device could start', () => {
    const loop = new ControlLoop([0], 2);
    loop.enqueue(0, KINDS);
    loop.enqueue(1, KINDS);
    const [d0] = loop.poll();
    expect(d0.call).toMatchObject({ task: 0, kind: 'download' });
    loop.complete(d0);
    // Task 0's kernel and task 1's download start together; the kernel comes first.
    expect(loop.poll().map((l) => [l.call.task, l.call.kind])).toEqual([
      [0, 'kernel'],
      [1, 'download'],
    ]);
  });

  it('hands a shared bus round the devices first come, first served', () => {
    const { trace } = simulate({ tasks: { n: 8, tD: 1, tK: 10, tR: 1 }, devices: [0, 0] });
    const downloads = trace.filter((r) => r.kind === 'download').sort((a, b) => a.start - b.start);
    expect(downloads.slice(0, 4).map((r) => r.device)).toEqual([0, 1, 0, 1]);
  });

  it('drops what a failed task has left, and the rest still run', () => {
    const loop = new ControlLoop([0], 1);
    loop.enqueue(0, KINDS);
    loop.enqueue(1, KINDS);
    const [d0] = loop.poll();
    loop.complete(d0);
    expect(loop.drop(0)).toBe(2);
    expect(drain(loop).map((l) => [l.call.task, l.call.kind])).toEqual([
      [1, 'download'],
      [1, 'kernel'],
      [1, 'readback'],
    ]);
    expect(loop.pending).toBe(0);
  });

  it('gives back a removed device’s tasks, running or buffered, and places new ones on the survivors', () => {
    const loop = new ControlLoop([0, 0], 2);
    for (let t = 0; t < 6; t++) loop.enqueue(t, KINDS);
    const first = loop.poll();
    expect(first.map((l) => l.device)).toEqual([0]);
    const held = loop.removeDevice(0);
    expect(held).toEqual([0, 2, 4]);
    // The lost device held the bus: device 1 gets it.
    loop.complete(first[0]);
    for (const t of held) expect(loop.enqueue(t, KINDS).device).toBe(1);
    const done = drain(loop);
    expect(done.every((l) => l.device === 1)).toBe(true);
    expect(new Set(done.map((l) => l.call.task))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(loop.pending).toBe(0);
    expect(loop.removeDevice(1)).toEqual([]);
    expect(() => loop.enqueue(9, KINDS)).toThrow(/every device has been lost/);
  });

  it('starts up to kernelSlots kernels of different streams on one device', () => {
    const loop = new ControlLoop([0], 3, 2);
    for (let t = 0; t < 3; t++) loop.enqueue(t, KINDS);
    // Three downloads take the bus one after another; the kernels start as their downloads end, two at most.
    const kernels: number[] = [];
    for (let t = 0; t < 3; t++) {
      const launches = loop.poll();
      kernels.push(...launches.filter((l) => l.call.kind === 'kernel').map((l) => l.call.task));
      const download = launches.find((l) => l.call.kind === 'download')!;
      expect(download.call.task).toBe(t);
      loop.complete(download);
    }
    kernels.push(
      ...loop
        .poll()
        .filter((l) => l.call.kind === 'kernel')
        .map((l) => l.call.task),
    );
    expect(kernels).toEqual([0, 1]);
  });

  it('refuses a loop without devices, streams or kernel slots', () => {
    expect(() => new ControlLoop([], 2)).toThrow(/at least one device/);
    expect(() => new ControlLoop([0], 0)).toThrow(/streams = 0/);
    expect(() => new ControlLoop([0], 2, 0)).toThrow(/kernelSlots = 0/);
  });
});
