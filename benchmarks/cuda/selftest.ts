// `--selftest`: every CUDA path on tiny inputs, checked against the CPU reference and WebGPU, and the backend's
// own machinery (memory, pinned transfers, events, typed errors, the cubin cache, DPX in the SASS, several
// devices). Prints one line per check; the caller exits non-zero when any fails.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { verifyApsp, type ApspKernelOptions } from '@semiforge/algorithms';
import { generateKernel, type FwKernelSpec } from '@semiforge/codegen';
import { generateRandom4n } from '@semiforge/graph-io';
import type * as RuntimeCuda from '@semiforge/runtime-cuda';
import type { CudaDevice } from '@semiforge/runtime-cuda';
import { compareMatrices, prepareApsp, type Backends } from './apsp-backends.js';
import { bfsSelftest } from './bfs-selftest.js';
import { ssspSelftest } from './sssp-selftest.js';
import { spmvSelftest } from './spmv-selftest.js';
import { attempt, expect, type Check } from './selftest-checks.js';

/** APSP configurations the self-test runs on CUDA, each at n = 100 (padded) and 200. */
const APSP_CASES: (ApspKernelOptions & { label: string })[] = [
  { label: 'f32', type: 'f32' },
  { label: 'i32', type: 'i32', dpx: false },
  { label: 'i32 dpx', type: 'i32', dpx: true },
  { label: 'u32', type: 'u32' },
  { label: 'f32 method b (bdl)', type: 'f32', method: 'b' },
  { label: 'f32 plain', type: 'f32', method: 'plain' },
  { label: 'f32 successors', type: 'f32', successors: true },
  { label: 'i32 dpx successors', type: 'i32', dpx: true, successors: true },
  { label: 'f32 tile 128', type: 'f32', tile: 128 },
  { label: 'i32 dpx tile 128', type: 'i32', dpx: true, tile: 128 },
  { label: 'f32 successors tile 128', type: 'f32', successors: true, tile: 128 },
  // The next pivot beside the update (a cross update, then the rest in one launch, beside pivot and panels):
  // tile 32 gives 4 and 7 tiles a side (the generic product), tile 64 2 and 4 (the quads kernel), tile 128 1 and
  // 2 (the H100's 8×8 shapes). Every blocked case builds both panels in one launch.
  { label: 'f32 lookahead tile 32', type: 'f32', tile: 32, lookahead: true },
  { label: 'f32 successors lookahead tile 32', type: 'f32', successors: true, tile: 32, lookahead: true },
  { label: 'i32 dpx successors lookahead tile 32', type: 'i32', dpx: true, successors: true, tile: 32, lookahead: true },
  { label: 'f32 method b (bdl) lookahead tile 32', type: 'f32', method: 'b', tile: 32, lookahead: true },
  { label: 'f32 lookahead', type: 'f32', lookahead: true },
  { label: 'f32 successors lookahead', type: 'f32', successors: true, lookahead: true },
  { label: 'i32 lookahead', type: 'i32', dpx: false, lookahead: true },
  { label: 'i32 dpx successors lookahead', type: 'i32', dpx: true, successors: true, lookahead: true },
  { label: 'i32 dpx method b (bdl) lookahead', type: 'i32', dpx: true, method: 'b', lookahead: true },
  { label: 'f32 lookahead tile 128', type: 'f32', tile: 128, lookahead: true },
  { label: 'i32 dpx successors lookahead tile 128', type: 'i32', dpx: true, successors: true, tile: 128, lookahead: true },
  // The cross of the next row and column on the side stream too, beside the rest ('concurrent-cross'): tile 32
  // gives 4 and 7 tiles a side, so that crosses, pivots and panels of several rounds run beside their rests.
  { label: 'f32 concurrent-cross tile 32', type: 'f32', tile: 32, lookahead: 'concurrent-cross' },
  { label: 'f32 successors concurrent-cross tile 32', type: 'f32', successors: true, tile: 32, lookahead: 'concurrent-cross' },
  { label: 'i32 concurrent-cross tile 32', type: 'i32', dpx: false, tile: 32, lookahead: 'concurrent-cross' },
  { label: 'i32 dpx successors concurrent-cross tile 32', type: 'i32', dpx: true, successors: true, tile: 32, lookahead: 'concurrent-cross' },
  { label: 'f32 method b (bdl) concurrent-cross tile 32', type: 'f32', method: 'b', tile: 32, lookahead: 'concurrent-cross' },
  // The H100's update shapes (tile 128: 1 and 2 tiles a side), and cp.async, which needs the register-blocked
  // update (tile 64: 2 and 4 tiles a side).
  { label: 'f32 concurrent-cross tile 128', type: 'f32', tile: 128, lookahead: 'concurrent-cross' },
  { label: 'i32 dpx successors concurrent-cross tile 128', type: 'i32', dpx: true, successors: true, tile: 128, lookahead: 'concurrent-cross' },
  { label: 'f32 successors cp.async 2 stages concurrent-cross', type: 'f32', successors: true, lookahead: 'concurrent-cross', update: { asyncStages: 2 } },
  // The update copying its slices with cp.async (update.asyncStages, a variant to measure).
  { label: 'f32 cp.async 3 stages lookahead', type: 'f32', lookahead: true, update: { asyncStages: 3 } },
  { label: 'f32 successors cp.async 2 stages lookahead tile 128', type: 'f32', successors: true, tile: 128, lookahead: true, update: { asyncStages: 2 } },
  { label: 'i32 cp.async 4 stages method b (bdl)', type: 'i32', dpx: false, method: 'b', update: { asyncStages: 4 } },
  { label: 'max-min f32', semiring: 'max-min', type: 'f32' },
  { label: 'or-and u32', semiring: 'or-and', type: 'u32' },
];

async function machinery(rt: typeof RuntimeCuda, gpu: CudaDevice): Promise<Check[]> {
  const checks: Check[] = [];
  checks.push(
    await attempt('device, arch, compiler', async () => {
      const { info } = gpu;
      expect(/^sm_\d+a?$/.test(info.arch), `arch ${info.arch} is not sm_XY[a]`);
      expect(gpu.compiler !== undefined, 'no compiler found');
      return `${info.name}, cc ${info.computeCapability.major}.${info.computeCapability.minor} → ${info.arch}, ${info.multiprocessors} SMs at ${info.clockMHz} MHz, ${(info.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB, driver ${info.driverVersion}, ${gpu.compiler!.version}`;
    }),
  );
  checks.push(
    await attempt('cubin cache directory is writable', async () => {
      await mkdir(gpu.cache.dir, { recursive: true });
      const probe = await mkdtemp(join(gpu.cache.dir, 'probe-'));
      await writeFile(join(probe, 'x'), 'x');
      await rm(probe, { recursive: true, force: true });
      return gpu.cache.dir;
    }),
  );
  checks.push(
    await attempt('upload / download through pinned memory, copy, fill', async () => {
      const data = Float32Array.from({ length: 1 << 20 }, (_, i) => Math.sin(i));
      const a = gpu.upload('selftest.a', data);
      const b = gpu.alloc('selftest.b', data.byteLength);
      gpu.copy(a, b);
      const back = gpu.download(b, Float32Array);
      expect(compareMatrices(back, data, 1).mismatches === 0, 'copied data differs');
      gpu.fill32(b, 0xdeadbeef);
      const filled = gpu.download(b, Uint32Array);
      expect(filled.every((w) => w === 0xdeadbeef), 'fill32 did not fill');
      gpu.free(a);
      gpu.free(b);
      return `${data.byteLength} bytes round trip`;
    }),
  );
  checks.push(
    await attempt('out of memory is a CudaOutOfMemoryError naming the bytes', async () => {
      const { total } = gpu.memoryInfo();
      try {
        gpu.alloc('selftest.huge', total * 2);
      } catch (e) {
        expect(e instanceof rt.CudaOutOfMemoryError, `got ${(e as Error).name}: ${(e as Error).message}`);
        const oom = e as RuntimeCuda.CudaOutOfMemoryError;
        expect(oom.requested === total * 2 && oom.free !== undefined, 'requested/free missing');
        return oom.message;
      }
      throw new Error('allocating twice the device memory succeeded');
    }),
  );
  const spec: FwKernelSpec = { op: 'fw_update', semiring: 'min-plus', type: 'i32', tile: 64, unroll: 4, layout: 'row-major', workgroup: [16, 16], target: 'cuda', successors: false };
  checks.push(
    await attempt('kernel cache: a second device handle loads the cubin from disk', async () => {
      const source = generateKernel(spec);
      await gpu.kernel(source);
      const again = await rt.openCudaDevice({ index: gpu.info.index, cacheDir: gpu.cache.dir });
      try {
        const k = await again.kernel(source);
        expect(k.cached, `${source.name} was compiled again instead of read from ${gpu.cache.dir}`);
        return source.name;
      } finally {
        again.destroy();
      }
    }),
  );
  checks.push(
    await attempt('launch checks refuse an empty grid before the driver', async () => {
      const k = await gpu.kernel(generateKernel(spec));
      const d = gpu.alloc('selftest.d', 64 * 64 * 4);
      try {
        gpu.launch(k, { buffers: { d, row_panel: d, col_panel: d }, params: new Uint32Array([64, 0]), grid: [0, 1, 1] });
      } catch (e) {
        expect(e instanceof rt.CudaLaunchConfigError, `got ${(e as Error).name}`);
        return (e as Error).message;
      } finally {
        gpu.free(d);
      }
      throw new Error('an empty grid was launched');
    }),
  );
  checks.push(
    await attempt('events time a launch', async () => {
      const k = await gpu.kernel(generateKernel(spec));
      const n = 1024;
      const d = gpu.alloc('selftest.d', n * n * 4);
      gpu.fill32(d, 1);
      const start = gpu.record();
      gpu.launch(k, { buffers: { d, row_panel: d, col_panel: d }, params: new Uint32Array([n, 0]), grid: [n / 64, n / 64, 1] });
      const ms = gpu.elapsedMs(start, gpu.record());
      gpu.free(d);
      expect(ms > 0 && ms < 1000, `elapsed ${ms} ms`);
      return `${ms.toFixed(3)} ms`;
    }),
  );
  checks.push(
    await attempt('DPX: VIADDMNMX in the SASS of the i32 min-plus update', async () => {
      const cuobjdump = await rt.findCuobjdump();
      if (!cuobjdump) return 'skipped: cuobjdump not found (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)';
      const counts = async (dpx: boolean) => {
        const k = generateKernel({ ...spec, tile: 128, workgroup: [8, 16], dpx });
        return rt.countSass(await rt.disassemble(cuobjdump, await gpu.compiler!.compile(k.source, gpu.info.arch, k.name)), ['VIADDMNMX', 'IMNMX', 'VIMNMX', 'IADD3', 'SEL']);
      };
      const [withDpx, without] = [await counts(true), await counts(false)];
      if (gpu.info.computeCapability.major === 9) expect(withDpx.VIADDMNMX >= 64, `only ${withDpx.VIADDMNMX} VIADDMNMX`);
      return `dpx ${JSON.stringify(withDpx)}; without ${JSON.stringify(without)}`;
    }),
  );
  checks.push(
    await attempt('f32 min-plus update: one FADD and one FMNMX a relaxation in the SASS, no spills', async () => {
      const cuobjdump = await rt.findCuobjdump();
      if (!cuobjdump) return 'skipped: cuobjdump not found (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)';
      const k = generateKernel({ ...spec, type: 'f32', tile: 128, unroll: 8, kUnroll: 8, workgroup: [16, 16] });
      const counts = rt.countSass(await rt.disassemble(cuobjdump, await gpu.compiler!.compile(k.source, gpu.info.arch, k.name)), ['FMNMX', 'FADD', 'FSETP', 'FSEL', 'LDS', 'STL', 'LDL']);
      // 8 × 8 results × 8 unrolled k steps of a slice.
      expect(counts.FMNMX >= 512 && counts.FADD >= 512, `FMNMX ${counts.FMNMX}, FADD ${counts.FADD}`);
      expect(counts.STL === 0 && counts.LDL === 0, `spills: STL ${counts.STL}, LDL ${counts.LDL}`);
      return JSON.stringify(counts);
    }),
  );
  checks.push(
    await attempt("the rounds' update (blocks placed by parameters): the plain update's relaxations and shared loads, no spills", async () => {
      const cuobjdump = await rt.findCuobjdump();
      if (!cuobjdump) return 'skipped: cuobjdump not found (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)';
      const ops = ['FMNMX', 'FADD', 'VIADDMNMX', 'LDS', 'STL', 'LDL'];
      const counts = async (remap: boolean, type: 'f32' | 'i32') => {
        const k = generateKernel({ ...spec, type, dpx: type === 'i32', tile: 128, unroll: 8, kUnroll: 8, workgroup: [16, 16], remap });
        return rt.countSass(await rt.disassemble(cuobjdump, await gpu.compiler!.compile(k.source, gpu.info.arch, k.name)), ops);
      };
      const lines: string[] = [];
      for (const type of ['f32', 'i32'] as const) {
        const [plain, remap] = [await counts(false, type), await counts(true, type)];
        expect(remap.STL === 0 && remap.LDL === 0, `${type} spills: STL ${remap.STL}, LDL ${remap.LDL}`);
        for (const op of ['FMNMX', 'FADD', 'VIADDMNMX', 'LDS']) expect(remap[op] === plain[op], `${type} ${op}: ${remap[op]} with remap, ${plain[op]} without`);
        lines.push(`${type} ${JSON.stringify(remap)}`);
      }
      return lines.join('; ');
    }),
  );
  return checks;
}

async function apspChecks(backends: Backends): Promise<Check[]> {
  const checks: Check[] = [];
  for (const n of [100, 200]) {
    const graph = generateRandom4n(n, 7 + n);
    for (const c of APSP_CASES) {
      checks.push(
        await attempt(`apsp ${c.label} n=${n}: CUDA vs CPU${backends.webgpu ? ' and WebGPU' : ''}`, async () => {
          const { label, ...options } = c;
          const cuda = await prepareApsp(backends, 'cuda', graph, options);
          const r = await cuda.run();
          cuda.destroy();
          expect(r.plan.dpx === (options.dpx === true), `plan.dpx is ${r.plan.dpx}`);
          expect(options.lookahead === undefined || cuda.lookahead === options.lookahead, `ran with lookahead ${cuda.lookahead}`);
          const cpu = verifyApsp(graph, r.dist, r.plan);
          expect(cpu.ok, `${label}: ${cpu.mismatches} entries differ from the CPU, first ${JSON.stringify(cpu.first)}`);
          let also = '';
          if (backends.webgpu) {
            // WebGPU has neither DPX nor cp.async: otherwise the same shapes.
            const { dpx: _, update, ...rest } = options;
            const webgpuOptions = update ? { ...rest, update: { ...update, asyncStages: undefined } } : rest;
            const w = await prepareApsp(backends, 'webgpu', graph, webgpuOptions);
            const wr = await w.run();
            w.destroy();
            const diff = compareMatrices(r.dist, wr.dist, n);
            expect(diff.mismatches === 0, `${diff.mismatches} entries differ from WebGPU, first ${JSON.stringify(diff.first)}`);
            also = ', = WebGPU';
          }
          if (options.successors) {
            const p = r.path(0, n - 1);
            expect(p === null || (p[0] === 0 && p.at(-1) === n - 1), `path(0, ${n - 1}) = ${JSON.stringify(p)}`);
          }
          return `${cpu.method} ${cpu.entries} entries${also}`;
        }),
      );
    }
  }
  return checks;
}

async function otherDevices(rt: typeof RuntimeCuda, backends: Backends): Promise<Check[]> {
  const count = await rt.cudaDeviceCount();
  if (count < 2) return [{ name: 'several devices in one process', ok: true, detail: `skipped: ${count} device` }];
  const checks: Check[] = [];
  for (let index = 1; index < count; index++) {
    checks.push(
      await attempt(`device ${index} beside device 0: apsp f32 n=100`, async () => {
        const other = await rt.openCudaDevice({ index });
        try {
          const graph = generateRandom4n(100, 3);
          const once = async (on: Backends) => {
            const p = await prepareApsp(on, 'cuda', graph, { type: 'f32' });
            const r = await p.run();
            p.destroy();
            return r;
          };
          const r0 = await once(backends);
          const r1 = await once({ ...backends, cuda: other });
          const diff = compareMatrices(r0.dist, r1.dist, 100);
          expect(diff.mismatches === 0, `${diff.mismatches} entries differ between devices 0 and ${index}`);
          return other.info.name;
        } finally {
          other.destroy();
        }
      }),
    );
  }
  return checks;
}

/** The self-test's families, by their `--selftest-only` names, in the order they run. */
export const SELFTEST_FAMILIES = ['machinery', 'apsp', 'bfs', 'sssp', 'spmv', 'devices'] as const;
export type SelftestFamily = (typeof SELFTEST_FAMILIES)[number];

/**
 * Runs the checks of `families` (default every one; a GPU session short of time checks only what changed),
 * prints them, and returns whether all passed.
 */
export async function selftest(rt: typeof RuntimeCuda, backends: Backends, families: readonly SelftestFamily[] = SELFTEST_FAMILIES): Promise<boolean> {
  const run: Record<SelftestFamily, () => Promise<Check[]>> = {
    machinery: () => machinery(rt, backends.cuda!),
    apsp: () => apspChecks(backends),
    bfs: () => bfsSelftest(backends),
    sssp: () => ssspSelftest(backends),
    spmv: () => spmvSelftest(backends),
    devices: () => otherDevices(rt, backends),
  };
  const checks: Check[] = [];
  for (const family of SELFTEST_FAMILIES) if (families.includes(family)) checks.push(...(await run[family]()));
  for (const c of checks) console.error(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.error(`selftest: ${checks.length - failed} passed, ${failed} failed`);
  return failed === 0;
}
