import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { interleavingPath, parseInterleavingView } from "../interleaving";

describe("interleaving view", () => {
  it("parses the server's result", () => {
    assert.deepEqual(parseInterleavingView({ title: "t", text: "x\n", steps: [] }), { title: "t", text: "x\n" });
    assert.equal(parseInterleavingView(null), undefined);
    assert.equal(parseInterleavingView({ title: 1, text: "x" }), undefined);
    assert.equal(parseInterleavingView("text"), undefined);
  });

  it("names the document after the race without path separators", () => {
    const at = interleavingPath("write-read race on tmp in kernel k (a/b.cl:7)", 3);
    assert.equal(at, "/3/Interleaving write-read race on tmp in kernel k (a_b.cl:7)");
    assert.equal(at.split("/").length, 3);
  });
});
