// `npm run bench`: Toolscope's speed and memory beside a bare @modelcontextprotocol/client and the
// browser's floor, measured in the same run against the same loopback servers, printed as one
// table — figure, Toolscope, reference, ratio, target. Not a test: these machines are noisy, so it
// reports medians and leaves judging to people (docs/performance.md). One file per section in
// scripts/bench/. BENCH_RUNS (default 5) sets the repetitions; CHROMIUM_PATH the browser;
// BENCH_ONLY=list,floor,calls,results,memory,first-screen,connection,load,tap runs only those sections.
import { app, browser, want } from './bench/harness.ts';
import { benchList } from './bench/listBench.ts';
import { benchFloor } from './bench/floorBench.ts';
import { benchCalls } from './bench/callBench.ts';
import { benchMemory } from './bench/memoryBench.ts';
import { benchFirstScreenBytes } from './bench/bundleBench.ts';
import { benchConnection } from './bench/connectionBench.ts';
import { benchLoad } from './bench/loadBench.ts';
import { benchTap } from './bench/tapBench.ts';
import { printTable } from './bench/table.ts';

if (want('list')) await benchList();
if (want('floor')) await benchFloor();
if (want('calls') || want('results')) await benchCalls({ calls: want('calls'), results: want('results') });
if (want('memory')) await benchMemory();
if (want('first-screen')) await benchFirstScreenBytes();
if (want('connection')) await benchConnection();
if (want('load')) await benchLoad();
if (want('tap')) await benchTap();
await browser.close();
await app.stop();
printTable();
