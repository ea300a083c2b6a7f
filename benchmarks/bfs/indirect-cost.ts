// What an indirect dispatch costs Dawn beside a direct one, outside BFS: `levels` pairs of a one-workgroup
// writer (which writes the next grid, as bfs_control does) and a small worker, in one pass, the worker
// dispatched directly or indirectly from the writer's counts. Host encode time per dispatch and submit → done
// per submit, the two costs the H100 traces showed growing with BFS's indirect dispatches.
import type { Device } from '@semiforge/runtime';

/** Median host times of one way of dispatching the worker. */
export interface DispatchCost {
  readonly mode: 'direct' | 'indirect';
  readonly levels: number;
  /** Recording the pass and finishing the command buffer, per dispatch (µs). */
  readonly encodeUsPerDispatch: number;
  /** queue.submit to onSubmittedWorkDone (ms). */
  readonly doneMs: number;
}

const WRITER = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> args: array<u32>;
@compute @workgroup_size(1) fn main() { args[0] = 4u; args[1] = 1u; args[2] = 1u; }`;
const WORKER = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3<u32>) { data[g.x] += 1u; }`;
const INDIRECT_STORAGE = 0x0100 | 0x0080 | 0x0008; // INDIRECT | STORAGE | COPY_DST
const STORAGE = 0x0080;

/** Times `repeats` submits of `levels` writer + worker pairs, each way; median per way. */
export async function dispatchCost(device: Device, levels: number, repeats = 9): Promise<DispatchCost[]> {
  const gpu = device.gpu;
  const pipeline = (code: string) => gpu.createComputePipeline({ layout: 'auto', compute: { module: gpu.createShaderModule({ code }), entryPoint: 'main' } });
  const writer = pipeline(WRITER);
  const worker = pipeline(WORKER);
  const args = gpu.createBuffer({ size: 12, usage: INDIRECT_STORAGE });
  const data = gpu.createBuffer({ size: 4 * 64 * 4, usage: STORAGE });
  const writerGroup = gpu.createBindGroup({ layout: writer.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: args } }] });
  const workerGroup = gpu.createBindGroup({ layout: worker.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: data } }] });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const results: DispatchCost[] = [];
  try {
    for (const mode of ['direct', 'indirect'] as const) {
      const encode: number[] = [];
      const done: number[] = [];
      for (let r = 0; r <= repeats; r++) {
        const started = performance.now();
        const encoder = gpu.createCommandEncoder();
        const pass = encoder.beginComputePass();
        for (let l = 0; l < levels; l++) {
          pass.setPipeline(writer);
          pass.setBindGroup(0, writerGroup);
          pass.dispatchWorkgroups(1);
          pass.setPipeline(worker);
          pass.setBindGroup(0, workerGroup);
          if (mode === 'direct') pass.dispatchWorkgroups(4);
          else pass.dispatchWorkgroupsIndirect(args, 0);
        }
        pass.end();
        const commands = encoder.finish();
        const encoded = performance.now();
        gpu.queue.submit([commands]);
        await gpu.queue.onSubmittedWorkDone();
        // The first submit compiles and warms up.
        if (r === 0) continue;
        encode.push(((encoded - started) * 1e3) / (2 * levels));
        done.push(performance.now() - encoded);
      }
      results.push({ mode, levels, encodeUsPerDispatch: median(encode), doneMs: median(done) });
    }
    return results;
  } finally {
    args.destroy();
    data.destroy();
  }
}
