import type { AnyDevice } from "@semiforge/algorithms";
import { describe, expect, it } from "vitest";
import { thenDestroy } from "../src/command-device.js";

// A device whose destroy fails as a CUDA context does after a kernel's fault (every free fails).
function faultedDevice(log: string[]): AnyDevice {
  return {
    destroy: () => {
      log.push("destroy");
      throw new Error("cuMemFree_v2 failed with CUDA_ERROR_ILLEGAL_ADDRESS");
    },
  } as unknown as AnyDevice;
}

describe("thenDestroy", () => {
  it("reports the body's error, not the destroy's, and still destroys", async () => {
    const log: string[] = [];
    await expect(
      thenDestroy(faultedDevice(log), async () => {
        throw new Error("kernel fw_update failed");
      })
    ).rejects.toThrow("kernel fw_update failed");
    expect(log).toEqual(["destroy"]);
  });

  it("returns the body's value, and a destroy failing after a good run is reported", async () => {
    const log: string[] = [];
    const fine = { destroy: () => log.push("destroy") } as unknown as AnyDevice;
    await expect(thenDestroy(fine, async () => 42)).resolves.toBe(42);
    await expect(
      thenDestroy(faultedDevice(log), async () => 1)
    ).rejects.toThrow(/ILLEGAL_ADDRESS/);
    expect(log).toEqual(["destroy", "destroy"]);
  });
});
