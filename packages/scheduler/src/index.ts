/**
 * @semiforge/scheduler: paper 004's stream scheduler — download → kernel → readback tasks overlapped and spread
 * over several devices — with its cost model and a discrete-event simulator of the same policy.
 */
export { costModel, overhead, devicesPerBus, type CostModel, type CostModelInput } from './cost-model.js';
export { ControlLoop, type Call, type CallKind, type Launch } from './control-loop.js';
export { simulate, type SimTask, type Simulation, type SimulationInput } from './simulate.js';
export { phaseTimes, makespan, type CallRecord, type PhaseTimes } from './trace.js';
export type { Backend, BackendDevice, Task } from './backend.js';
export { Scheduler, type SchedulerOptions, type SchedulerReport, type TaskHandle, type TaskOutcome, type OutcomeOrder } from './scheduler.js';
export { TaskError, type TaskFailurePhase } from './task-error.js';
export { openWebGpuBackend, WebGpuDevice, type WebGpuBackend, type WebGpuBackendOptions } from './webgpu-backend.js';
export { openCudaBackend, CudaStreamDevice, type CudaBackend, type CudaBackendOptions, type ElementArrayType, type ReadOptions } from './cuda-backend.js';
export type { CudaDeviceChoice } from './cuda/cuda-devices.js';
export type { PinnedHost } from './cuda/pinned-slots.js';
export { cudaApspTask } from './workloads/batch-apsp.cuda.js';
export { apspTask, portableApspTask, batchApsp, generateApspBatch, readApspBatch, type BatchApspResult, type BatchGraph } from './workloads/batch-apsp.js';
export { portableTask, taskExecutor, registerExecutor, executorFor, ExecutorStates, type Executor, type ExecutorDevice } from './executor.js';
export { ResidentStore } from './resident-store.js';
export { openProcessBackend, ProcessDevice, type ProcessBackend, type ProcessBackendOptions } from './process/process-backend.js';
export { serveWorkerIfAsked, isSchedulerWorker } from './process/worker.js';
export { packagedWorkerModule } from './process/worker-module.js';
export { deviceSelectEnv, driPrimeTag } from './process/device-select.js';
export type { WorkerReady } from './process/protocol.js';
export { blockedApsp, warmUpBlockedApsp, type BlockedApspOptions, type BlockedApspResult } from './workloads/blocked-apsp.js';
export { multiSourceSearch, type MultiSourceOptions, type SearchSpec, type SourcesResult } from './workloads/multi-source.js';
