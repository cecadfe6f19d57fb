import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { isOptimizeAllAction, selectOptimizeAllActions, serverSupportsCommand, workspaceSummary } from "../codeActions";

describe("code action selection", () => {
  const actions = [
    { title: "Insert `__syncthreads();` (cost 1)" },
    { title: "Optimize all barriers in this kernel (cost 201 -> 1)" },
    { title: "Remove redundant `__syncthreads()`" },
    { title: "Optimize all barriers in this kernel (cost 100 -> 1.5)" },
  ];

  it("recognizes the optimize-all action by its title", () => {
    assert.equal(isOptimizeAllAction({ title: "Optimize all barriers in this kernel (cost 3 -> 1)" }), true);
    assert.equal(isOptimizeAllAction({ title: "Insert `barrier(CLK_LOCAL_MEM_FENCE)` (cost 1)" }), false);
  });

  it("keeps only optimize-all actions, in order", () => {
    assert.deepEqual(
      selectOptimizeAllActions(actions).map((a) => a.title),
      ["Optimize all barriers in this kernel (cost 201 -> 1)", "Optimize all barriers in this kernel (cost 100 -> 1.5)"],
    );
    assert.deepEqual(selectOptimizeAllActions([]), []);
  });

  it("checks advertised server commands", () => {
    assert.equal(serverSupportsCommand(["syncwright.fixAll"], "syncwright.fixAll"), true);
    assert.equal(serverSupportsCommand([], "syncwright.fixAll"), false);
    assert.equal(serverSupportsCommand(undefined, "syncwright.fixAll"), false);
  });
});

describe("workspaceSummary", () => {
  it("words the server's counts", () => {
    assert.equal(
      workspaceSummary({ files: 6, kernels: 1, notRaceFree: 2 }),
      "syncwright: 6 files, 1 kernel checked, 2 not race-free.",
    );
  });

  it("falls back for results without counts", () => {
    assert.equal(workspaceSummary(null), "syncwright: workspace checked.");
    assert.equal(workspaceSummary({ files: "6" }), "syncwright: workspace checked.");
  });
});
