import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { countKernels, diagnosticCode, DiagnosticTally, statusText, statusTooltip } from "../status";

describe("countKernels", () => {
  it("counts CUDA __global__ functions", () => {
    const src = `
      __device__ int helper(int x) { return x; }
      __global__ void a(int *p) { p[0] = 1; }
      template <int N> __global__ void b(float *q) {}
    `;
    assert.equal(countKernels(src), 2);
  });

  it("counts OpenCL kernels with either spelling and attributes", () => {
    const src = `
      __kernel void a(__global int *p) {}
      kernel __attribute__((reqd_work_group_size(64, 1, 1))) void b(global int *p) {}
      void not_a_kernel(void) {}
    `;
    assert.equal(countKernels(src), 2);
  });

  it("ignores kernels in comments and strings", () => {
    const src = `
      // __global__ void commented(void) {}
      /* __kernel void
         block_commented(void) {} */
      const char *s = "__global__ void in_string()";
      __global__ void real(void) {}
    `;
    assert.equal(countKernels(src), 1);
  });
});

describe("diagnosticCode", () => {
  it("reads plain and wrapped codes", () => {
    assert.equal(diagnosticCode({ code: "race" }), "race");
    assert.equal(diagnosticCode({ code: { value: "divergence" } }), "divergence");
    assert.equal(diagnosticCode({ code: 7 }), "7");
    assert.equal(diagnosticCode({}), undefined);
  });
});

describe("DiagnosticTally", () => {
  it("counts races per document and replaces them on each publish", () => {
    const tally = new DiagnosticTally();
    tally.update(
      "file:///a.cu",
      [
        { source: "syncwright", code: "race" },
        { source: "syncwright", code: { value: "race" } },
        { source: "syncwright", code: "benign-race" },
        { source: "syncwright", code: "redundant-barrier" },
        { source: "syncwright", code: "divergence" },
        { source: "clangd", code: "race" },
      ],
      3,
    );
    tally.update("file:///b.cl", [{ source: "syncwright", code: "inconclusive" }], 1);
    assert.deepEqual(tally.totals(), { documents: 2, kernels: 4, races: 2, otherProblems: 2 });

    tally.update("file:///a.cu", [], 3);
    assert.deepEqual(tally.totals(), { documents: 2, kernels: 4, races: 0, otherProblems: 1 });

    tally.remove("file:///b.cl");
    assert.deepEqual(tally.totals(), { documents: 1, kernels: 3, races: 0, otherProblems: 0 });
    tally.clear();
    assert.deepEqual(tally.totals(), { documents: 0, kernels: 0, races: 0, otherProblems: 0 });
  });
});

describe("status text", () => {
  it("shows kernels and races with singular and plural", () => {
    assert.equal(statusText({ documents: 1, kernels: 1, races: 0, otherProblems: 0 }), "$(check) syncwright: 1 kernel, no races");
    assert.equal(statusText({ documents: 2, kernels: 5, races: 1, otherProblems: 0 }), "$(warning) syncwright: 5 kernels, 1 race");
    assert.equal(statusText({ documents: 2, kernels: 5, races: 3, otherProblems: 0 }), "$(warning) syncwright: 5 kernels, 3 races");
  });

  it("mentions other problems and the click action in the tooltip", () => {
    const tooltip = statusTooltip({ documents: 2, kernels: 5, races: 1, otherProblems: 2 });
    assert.match(tooltip, /5 kernels checked in 2 files/);
    assert.match(tooltip, /2 other problems/);
    assert.match(tooltip, /output/);
  });
});
