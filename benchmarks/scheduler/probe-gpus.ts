// Which physical GPU does each scheduler worker process get? Run on a host of several identical GPUs (after
// `. .device/env.sh && . .device/device-select.sh`) before `run.ts --gpus N`:
//   node .device/probe-gpus.mjs [--gpus 2] [--select none,pci] [--marker-mib 1024]
// For each selection mode it starts one worker per GPU; worker i holds a buffer of 2^i × marker MiB, so the
// rise of nvidia-smi's memory.used on each GPU says which workers sit there (the sums of distinct powers of
// two are distinct). It also prints the device-select layer's own device list, nvidia-smi's compute apps
// (pid → GPU, where the driver lists Vulkan processes), and checks each worker computes a correct APSP.
import { setTimeout as sleep } from 'node:timers/promises';
import { suiteArgs } from '../lib/suite-args.js';
import { apspReference } from '@semiforge/algorithms';
import { generateRandom4n } from '@semiforge/graph-io';
import { openProcessBackend, portableApspTask, Scheduler, serveWorkerIfAsked, type BatchApspResult } from '@semiforge/scheduler';
import { nvidiaSmiRows } from '../lib/nvidia-smi.js';
import { nvidiaGpus, selectionEnv, type NvidiaGpu, type Selection } from './gpus.js';

function computeApps(): string {
  const rows = nvidiaSmiRows('compute-apps', ['pid', 'gpu_bus_id', 'used_memory']);
  if (!rows) return '(nvidia-smi not available)';
  return rows.map(([pid, bus, mib]) => `pid ${pid} on ${bus}: ${mib} MiB`).join('\n') || '(none listed)';
}

/** Workers on each GPU, decoded from the rise of memory.used in units of the marker. */
function decode(before: NvidiaGpu[], after: NvidiaGpu[], markerMiB: number, workers: number): string[] {
  return after.map((g) => {
    const rise = g.memoryUsedMiB - (before.find((b) => b.busId === g.busId)?.memoryUsedMiB ?? 0);
    const mask = Math.round(rise / markerMiB);
    const on = Array.from({ length: workers }, (_, i) => i).filter((i) => mask & (1 << i));
    return `GPU ${g.index} ${g.busId} (${g.name}): +${rise} MiB → workers [${on.join(', ')}]`;
  });
}

async function probe(mode: Selection, gpus: number, markerMiB: number): Promise<void> {
  console.log(`\n== --select ${mode}: ${gpus} worker processes ==`);
  let env: Record<string, string>[] | undefined;
  try {
    env = selectionEnv(gpus, mode);
  } catch (error) {
    console.log(`cannot select: ${(error as Error).message}`);
    return;
  }
  const before = nvidiaGpus();
  const backend = await openProcessBackend({ gpus, ...(env ? { env } : {}), markerBytes: Array.from({ length: gpus }, (_, i) => 2 ** i * markerMiB * 2 ** 20) });
  try {
    for (const d of backend.devices) console.log(`worker ${d.index}: pid ${d.ready.pid}, adapter ${d.ready.adapter}, env ${JSON.stringify(d.ready.selection)}`);
    await sleep(1000);
    const after = nvidiaGpus();
    if (after.length === 0) console.log('nvidia-smi: not available, no cross-check');
    for (const line of decode(before, after, markerMiB, gpus)) console.log(line);
    console.log(`nvidia-smi compute apps (pid, bus, memory):\n${computeApps()}`);
    const graph = generateRandom4n(96, 7);
    const scheduler = new Scheduler(backend);
    const reference = apspReference(graph).dist;
    const outcomes = await Promise.all(backend.devices.map((_, i) => scheduler.submit(portableApspTask({ name: `probe ${i}`, graph }, { tile: 32 })).outcome));
    for (const o of outcomes) {
      const ok = o.ok && (o.value as BatchApspResult).dist.every((v, i) => v === reference[i]);
      console.log(`task ${o.id} on worker ${o.ok ? o.device : '?'}: ${ok ? 'APSP correct' : o.ok ? 'APSP WRONG' : o.error.message}`);
    }
  } finally {
    backend.destroy();
  }
}

async function main(): Promise<void> {
  const args = suiteArgs({
    options: { gpus: { type: 'string' }, select: { type: 'string', default: 'none,pci' }, 'marker-mib': { type: 'string', default: '1024' } },
  });
  const found = nvidiaGpus();
  console.log(`nvidia-smi: ${found.length ? found.map((g) => `${g.index} ${g.busId} ${g.name} (${g.memoryUsedMiB} MiB used)`).join('; ') : 'no GPUs listed'}`);
  console.log(`VK_DRIVER_FILES=${process.env.VK_DRIVER_FILES ?? ''} XDG_DATA_DIRS=${process.env.XDG_DATA_DIRS ?? ''}`);
  console.log('device-select layer, MESA_VK_DEVICE_SELECT=list (its list follows on stderr; none means the layer is not loaded: source .device/device-select.sh):');
  await openProcessBackend({ gpus: 1, env: [{ MESA_VK_DEVICE_SELECT: 'list' }], startTimeoutMs: 60_000 }).then(
    (b) => {
      console.log(`  the worker opened ${b.devices[0].ready.adapter} instead of listing: the layer is not loaded`);
      b.destroy();
    },
    () => console.log('  (the layer listed the devices and ended the worker, as it does in list mode)'),
  );
  const gpus = Number(args.gpus ?? (found.length || 2));
  for (const mode of args.select.split(',')) {
    if (mode !== 'pci' && mode !== 'none') throw new Error(`--select ${mode}: expected pci or none`);
    await probe(mode, gpus, Number(args['marker-mib']));
  }
}

if (!(await serveWorkerIfAsked())) await main();
