import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";

import {
  configurationForSection,
  DEFAULT_SETTINGS,
  didChangeConfigurationParams,
  initializationOptions,
  readServerSettings,
  SERVER_SETTING_KEYS,
} from "../settings";

function getter(values: Record<string, unknown>): (key: string) => unknown {
  return (key) => values[key];
}

describe("readServerSettings", () => {
  it("returns the defaults when nothing is set", () => {
    const { settings, problems } = readServerSettings(getter({}));
    assert.deepEqual(settings, DEFAULT_SETTINGS);
    assert.deepEqual(problems, []);
  });

  it("passes valid values through", () => {
    const { settings, problems } = readServerSettings(
      getter({
        blockDim: [16, 16],
        gridDim: 64,
        loopCost: 10,
        condCost: 0.25,
        checkOn: "save",
        debounceMs: 0,
        kernelBudgetMs: 500,
        warpSync: true,
        kernelVerdictLens: true,
      }),
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(settings, {
      blockDim: [16, 16],
      gridDim: [64],
      loopCost: 10,
      condCost: 0.25,
      checkOn: "save",
      debounceMs: 0,
      kernelBudgetMs: 500,
      warpSync: true,
      kernelVerdictLens: true,
    });
  });

  it("replaces invalid values by defaults and says which setting was wrong", () => {
    const { settings, problems } = readServerSettings(
      getter({
        blockDim: [0, 4],
        gridDim: [1, 2, 3, 4],
        loopCost: -1,
        condCost: "cheap",
        checkOn: "never",
        debounceMs: 1.5,
        kernelBudgetMs: -3,
        warpSync: "yes",
      }),
    );
    assert.deepEqual(settings, DEFAULT_SETTINGS);
    assert.equal(problems.length, 8);
    for (const key of ["blockDim", "gridDim", "loopCost", "condCost", "checkOn", "debounceMs", "kernelBudgetMs", "warpSync"]) {
      assert.ok(
        problems.some((p) => p.startsWith(`syncwright.${key}:`)),
        `no problem reported for ${key}: ${problems.join("; ")}`,
      );
    }
  });

  it("copies dimension arrays so later edits of the settings object do not leak", () => {
    const blockDim = [32];
    const { settings } = readServerSettings(getter({ blockDim }));
    blockDim.push(2);
    assert.deepEqual(settings.blockDim, [32]);
  });
});

describe("server payloads", () => {
  it("nests settings under syncwright for initialize and didChangeConfiguration", () => {
    const settings = { ...DEFAULT_SETTINGS, blockDim: [128] };
    assert.deepEqual(initializationOptions(settings), { syncwright: settings });
    assert.deepEqual(didChangeConfigurationParams(settings), { settings: { syncwright: settings } });
    const wire = JSON.parse(JSON.stringify(didChangeConfigurationParams(settings))) as {
      settings: { syncwright: { blockDim: unknown } };
    };
    assert.deepEqual(wire.settings.syncwright.blockDim, [128]);
  });

  it("answers workspace/configuration pulls per section", () => {
    const settings = { ...DEFAULT_SETTINGS };
    assert.deepEqual(configurationForSection("syncwright", settings), settings);
    assert.equal(configurationForSection("syncwright.loopCost", settings), 100);
    assert.equal(configurationForSection("syncwright.unknown", settings), null);
    assert.equal(configurationForSection("editor", settings), null);
    assert.deepEqual(configurationForSection(undefined, settings), { syncwright: settings });
  });
});

describe("package.json contributes", () => {
  // out/test/ -> package root
  const manifest = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
    contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
  };
  const properties = manifest.contributes.configuration.properties;

  it("declares every server setting with the same default", () => {
    for (const key of SERVER_SETTING_KEYS) {
      const property = properties[`syncwright.${key}`];
      assert.ok(property !== undefined, `syncwright.${key} is not contributed`);
      assert.deepEqual(property.default, DEFAULT_SETTINGS[key], `default of syncwright.${key}`);
    }
  });

  it("declares the client-only settings", () => {
    assert.ok(properties["syncwright.server.path"] !== undefined);
    assert.ok(properties["syncwright.trace.server"] !== undefined);
  });
});
