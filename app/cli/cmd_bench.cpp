// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// rope-cli bench: throughput of the batch RoPE kernel on Q/K tensors, or of a plain memcpy of
// the same bytes (--copy, the machine's ceiling). --angles picks where cos/sin come from: a
// prebuilt table (default), computed in the pass, or the ggml-style baseline (a
// re-implementation of ggml's CPU rope algorithm). Prints a human-readable table, then exactly
// one last line `gbps=<float>` (contract, see docs/PERFORMANCE.md); bytes are counted the same
// way in every mode.
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/kernels/rope_bench.h"
#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_ggml_style.h"
#include "core/kernels/rope_kernel.h"
#include "core/parallel.h"
#include "core/scaling/scaling_registry.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace rope::cli {

namespace {

// Q + K above this many bytes is refused: the bench holds them plus a copy target in memory.
constexpr long long kMaxBenchBytes = 4LL * 1024 * 1024 * 1024;

// Memory traffic of one invocation above this is refused before anything is allocated: bytes
// moved per run × runs × threads, every run counted (warm-up, timed, the memcpy ceiling, each
// mode of --compare), a ggml-style run three times (its scalar loop runs at about a third of
// the table kernel's rate here). 128 GiB is about 7.5 s of CPU on the machine of
// docs/PERFORMANCE.md, whose longest documented run, `--angles computed --compare --reps 50`
// at 4096 × 32 × 128, is 104 GiB and took 4.5 s; the CLI campaign of docs/RELIABILITY.md drew
// `--heads-kv 1630 --compare` (670 GiB), which ran past its 10 s limit before this cap.
constexpr double kMaxBenchTraffic = 128.0 * 1024 * 1024 * 1024;
constexpr double kGgmlStyleRunWeight = 3.0;

long long boundedInteger(const QCommandLineParser& parser, const char* flag, long long lo,
                         long long hi, const char* meaning) {
    const QString name = QString::fromLatin1(flag);
    const long long v = parseInteger(parser.value(name), name);
    if (v < lo || v > hi) {
        throw InvalidParameter(flag, "--" + std::string(flag) + " must be " + meaning + " in [" +
                                         std::to_string(lo) + ", " + std::to_string(hi) +
                                         "], got " + std::to_string(v));
    }
    return v;
}

double seconds(std::chrono::steady_clock::duration d) {
    return std::chrono::duration<double>(d).count();
}

std::string significant(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

// What one invocation measures, read from the command line and checked before anything is
// allocated (refusals name the flag, exit status 2). readBenchSetup() and runBench() bind the
// fields by position (structured bindings): a new field goes at the end, and into both.
struct BenchSetup {
    RopeParams params;
    BatchShape shape;
    BatchOptions options;
    int reps = 0;
    int warmup = 0;
    bool copy = false;
    bool compare = false;
    AngleMode angles = AngleMode::Table;
    long long startPosition = 0;
    std::size_t offset = 0;
    GgmlStyleParams ggml;
    int ggmlThreads = 0;
    long long qFloats = 0;
    long long kFloats = 0;
    long long qkBytes = 0;
    int threads = 0;   // the threads the kernel uses
    long long bytes = 0; // bytes moved per run
};

void addBenchOptions(QCommandLineParser& parser, unsigned hw) {
    parser.setApplicationDescription(QStringLiteral(
        "Times the batch RoPE kernel on float32 Q [seq][heads][dim] and K [seq][heads-kv][dim]\n"
        "in place (warm-up, then --reps timed runs; the median is reported), or with --copy a\n"
        "memcpy of the same bytes. Bytes per run = 2*(Q+K bytes) + seq*8 (Q and K read and\n"
        "written, int64 positions read), in every --angles mode; memcpy: 2*(Q+K bytes).\n"
        "--angles table: the cos/sin table is built once and timed separately, outside the\n"
        "apply. computed: cos/sin are formed in the pass (no table). ggml-style: a\n"
        "re-implementation of ggml's CPU rope algorithm (float-accumulated angles, cosf/sinf\n"
        "per token and tensor, plain pair loop), not ggml itself.\n"
        "Output: a table, then one last line 'gbps=<float>' (GB = 1e9 bytes)."));
    addRopeOptions(parser);
    parser.addOptions({
        {QStringLiteral("seq"), QStringLiteral("Rows (tokens), 1…67108864 (default 4096)."),
         QStringLiteral("S"), QStringLiteral("4096")},
        {QStringLiteral("heads"), QStringLiteral("Query heads, 1…4096 (default 32)."),
         QStringLiteral("H"), QStringLiteral("32")},
        {QStringLiteral("heads-kv"),
         QStringLiteral("Key heads, 0…4096 (GQA: fewer than --heads); default: --heads."),
         QStringLiteral("H")},
        {QStringLiteral("layout"),
         QStringLiteral("Pair layout: half|interleaved (default half, or the --preset/--config "
                        "model's)."),
         QStringLiteral("L"), QStringLiteral("half")},
        {QStringLiteral("threads"),
         QStringLiteral("Worker threads, 0…256 (default and 0: all cores); small work uses "
                        "fewer."),
         QStringLiteral("T"), QString::number(hw)},
        {QStringLiteral("backend"), QStringLiteral("Kernel: reference|simd (default simd)."),
         QStringLiteral("B"), QStringLiteral("simd")},
        {QStringLiteral("isa"),
         QStringLiteral("Force one SIMD ISA (avx512f, avx2+fma, sse2); default: widest."),
         QStringLiteral("ISA")},
        {QStringLiteral("reps"), QStringLiteral("Timed runs, 1…1000 (default 10)."),
         QStringLiteral("N"), QStringLiteral("10")},
        {QStringLiteral("warmup"), QStringLiteral("Untimed warm-up runs, 0…100 (default 2)."),
         QStringLiteral("W"), QStringLiteral("2")},
        {QStringLiteral("min-bytes-per-thread"),
         QStringLiteral("Least rotary bytes per extra thread (0 = always split; default: the "
                        "measured threshold)."),
         QStringLiteral("B"), QString::number(limits::kMinBytesPerThread)},
        {QStringLiteral("angles"),
         QStringLiteral("Where cos/sin come from: table|computed|ggml-style (default table)."),
         QStringLiteral("MODE"), QStringLiteral("table")},
        {QStringLiteral("start-position"),
         QStringLiteral("First position; rows use start … start+seq-1 (default 0; "
                        "start+seq-1 <= 16777216)."),
         QStringLiteral("P"), QStringLiteral("0")},
        {QStringLiteral("copy"),
         QStringLiteral("Time a plain memcpy of the same bytes instead (the memory ceiling).")},
        {QStringLiteral("offset"),
         QStringLiteral("Q+K (and the memcpy target) start this many floats past a 64-byte "
                        "boundary, 0…15 (default 0: aligned, as engines allocate tensors)."),
         QStringLiteral("F"), QStringLiteral("0")},
        {QStringLiteral("compare"),
         QStringLiteral("Also run memcpy, table build, table, computed and ggml-style "
                        "interleaved, one run each per round (--reps rounds), and print their "
                        "medians and per-round ratios.")},
    });
}

BenchSetup readBenchSetup(const QCommandLineParser& parser, unsigned hw) {
    BenchSetup setup;
    // The fields under the names the checks below use.
    auto& [params, shape, options, reps, warmup, copy, compare, angles, startPosition, offset, ggml,
           ggmlThreads, qFloats, kFloats, qkBytes, threads, bytes] = setup;
    params = ropeParamsFrom(parser);
    // A --preset/--config model brings its own layout; an explicit --layout overrides it.
    const bool fromModel =
        parser.isSet(QStringLiteral("preset")) || parser.isSet(QStringLiteral("config"));
    if (parser.isSet(QStringLiteral("layout")) || !fromModel) {
        params.layout = parseLayout(parser.value(QStringLiteral("layout")).toStdString());
    }
    shape.seq = boundedInteger(parser, "seq", 1, limits::kMaxContext, "an integer");
    shape.headsQ =
        static_cast<int>(boundedInteger(parser, "heads", 1, limits::kMaxHeads, "an integer"));
    shape.headsKv = parser.isSet(QStringLiteral("heads-kv"))
                        ? static_cast<int>(boundedInteger(parser, "heads-kv", 0, limits::kMaxHeads,
                                                          "an integer"))
                        : shape.headsQ;
    shape.headDim = params.headDim;
    shape.rotaryDim = params.rotaryDim;
    shape.layout = params.layout;
    options.backend = parseBackend(parser.value(QStringLiteral("backend")).toStdString());
    options.threads =
        static_cast<int>(boundedInteger(parser, "threads", 0, limits::kMaxThreads, "an integer"));
    options.isa = parser.value(QStringLiteral("isa")).toStdString();
    if (!options.isa.empty()) {
        const std::vector<std::string> isas = simdIsaNames();
        if (std::find(isas.begin(), isas.end(), options.isa) == isas.end()) {
            std::string known;
            for (const std::string& n : isas) {
                known += (known.empty() ? "" : ", ") + n;
            }
            throw InvalidParameter("isa", "--isa '" + options.isa +
                                              "' is not available here (available: " + known + ")");
        }
    }
    options.minBytesPerThread =
        boundedInteger(parser, "min-bytes-per-thread", 0, kMaxBenchBytes, "an integer");
    reps = static_cast<int>(boundedInteger(parser, "reps", 1, 1000, "an integer"));
    warmup = static_cast<int>(boundedInteger(parser, "warmup", 0, 100, "an integer"));
    copy = parser.isSet(QStringLiteral("copy"));
    angles = parseAngleMode(parser.value(QStringLiteral("angles")).toStdString());
    startPosition =
        boundedInteger(parser, "start-position", 0, limits::kMaxKernelPosition, "an integer");
    compare = parser.isSet(QStringLiteral("compare"));
    offset =
        static_cast<std::size_t>(boundedInteger(parser, "offset", 0, 15, "an integer"));
    ggmlThreads = options.threads == 0 ? static_cast<int>(hw) : options.threads;
    if (compare) {
        if (copy) {
            throw InvalidParameter("compare", "--compare already includes memcpy; drop --copy");
        }
        ggml = ggmlStyleParams(params);
    }
    if (angles == AngleMode::GgmlStyle) {
        // The baseline has its own loop and ISA choice: a backend or ISA request would be ignored.
        for (const char* flag : {"backend", "isa"}) {
            if (parser.isSet(QString::fromLatin1(flag))) {
                throw InvalidParameter(flag, "--" + std::string(flag) +
                                                 " does not apply to --angles ggml-style (it "
                                                 "runs its own loop)");
            }
        }
        options.threads = ggmlThreads;
        ggml = ggmlStyleParams(params);
    }

    qFloats = shape.seq * shape.headsQ * shape.headDim;
    kFloats = shape.seq * shape.headsKv * shape.headDim;
    qkBytes = 4 * (qFloats + kFloats);
    if (qkBytes > kMaxBenchBytes) {
        throw InvalidParameter(
            "seq", "--seq * (--heads + --heads-kv) * --dim * 4 = " + std::to_string(qkBytes) +
                       " bytes exceeds the bench limit of 4 GiB");
    }
    if (startPosition + shape.seq - 1 > limits::kMaxKernelPosition) {
        throw InvalidParameter(
            "start-position",
            "--start-position + --seq - 1 = " + std::to_string(startPosition + shape.seq - 1) +
                " exceeds the largest kernel position 16777216");
    }
    // ggml-style uses the threads it is given, as ggml's -t; the kernel may use fewer.
    threads = angles == AngleMode::GgmlStyle
                            ? options.threads
                            : plannedThreadCount(shape, options.threads, options.minBytesPerThread);
    bytes = copy ? copyBytesMoved(shape) : batchBytesMoved(shape);
    {
        // Runs per round, weighted: the chosen mode, the memcpy ceiling of a non-copy run, and
        // the five runs of a --compare round (memcpy, table build, table, computed, ggml-style;
        // the build writes only the small table and is counted with the table).
        const double mode = angles == AngleMode::GgmlStyle && !copy ? kGgmlStyleRunWeight : 1.0;
        const double perRound =
            mode + (copy ? 0.0 : 1.0) + (compare ? 3.0 + kGgmlStyleRunWeight : 0.0);
        const double traffic = static_cast<double>(warmup + reps) * perRound *
                               static_cast<double>(std::max(bytes, 2 * qkBytes)) *
                               static_cast<double>(compare ? std::max(threads, ggmlThreads)
                                                           : threads);
        if (traffic > kMaxBenchTraffic) {
            char text[160];
            std::snprintf(text, sizeof text,
                          "--reps %d, --warmup %d and this shape ask for %.0f GiB of memory "
                          "traffic (bytes per run x runs x threads)",
                          reps, warmup, traffic / (1024.0 * 1024.0 * 1024.0));
            throw InvalidParameter("reps", std::string(text) +
                                               ", above the bench limit of 128 GiB (about 8 s "
                                               "of CPU); lower --reps or the shape");
        }
    }

    return setup;
}

// --compare: one run of each mode per round, their medians and per-round ratios.
void printComparison(const BenchSetup& b, std::span<float> target, std::span<const float> qk,
                     float* q, float* k, const std::vector<std::int64_t>& positions,
                     const std::vector<std::int32_t>& positions32, const ScalingResult& scaled,
                     const RopeCache& cache, long long cacheBytes) {
    const BatchShape& shape = b.shape;
    const BatchOptions& options = b.options;
    const int reps = b.reps;
    const int warmup = b.warmup;
    const GgmlStyleParams& ggml = b.ggml;
    const int ggmlThreads = b.ggmlThreads;
    const int threads = b.threads;
    // One run of each per round, in a fixed order, so a change of load on the shared
    // machine hits every mode alike; ratios are taken within a round.
    const long long applyBytes = batchBytesMoved(shape);
    const long long copyBytes = copyBytesMoved(shape);
    std::vector<double> tCopy, tBuild, tTable, tComputed, tGgml;
    for (int round = -warmup; round < reps; ++round) {
        const double c = measureCopy(target.data(), qk.data(),
                                     static_cast<long long>(qk.size()), threads, 0, 1)
                             .medianSeconds;
        const double b = measureCacheBuild(scaled.invFreq, scaled.attentionFactor,
                                           positions.data(), shape.seq, 0, 1)
                             .medianSeconds;
        const double t = measureBatch(cache, shape, q, k, options, 0, 1).medianSeconds;
        const double m = measureBatchComputed(scaled.invFreq, scaled.attentionFactor,
                                              positions.data(), shape, q, k, options, 0, 1)
                             .medianSeconds;
        const double g =
            measureGgmlStyle(ggml, positions32.data(), shape, q, k, ggmlThreads, 0, 1)
                .medianSeconds;
        if (round >= 0) {
            tCopy.push_back(c);
            tBuild.push_back(b);
            tTable.push_back(t);
            tComputed.push_back(m);
            tGgml.push_back(g);
        }
    }
    const auto rate = [](long long b, double seconds) {
        return static_cast<double>(b) / seconds * 1e-9;
    };
    // GB/s of `fast` over GB/s of `slow`, per round; `scale` = bytes(fast) / bytes(slow).
    const auto ratios = [](const std::vector<double>& slow, const std::vector<double>& fast,
                           double scale) {
        std::vector<double> r;
        for (std::size_t i = 0; i < slow.size(); ++i) {
            r.push_back(slow[i] / fast[i] * scale);
        }
        std::sort(r.begin(), r.end());
        return r;
    };
    const double copyGbps = rate(copyBytes, medianOf(tCopy));
    std::printf("  interleaved comparison, %d rounds after %d (one run of each per round; "
                "kernel threads %d, ggml-style threads %d):\n",
                reps, warmup, threads, ggmlThreads);
    const auto line = [&](const char* name, const std::vector<double>& times) {
        const double g = rate(applyBytes, medianOf(times));
        std::printf("    %-24s %8s GB/s (median %s ms) = %s x memcpy\n", name,
                    fixed(g, 3).c_str(), significant(medianOf(times) * 1e3).c_str(),
                    fixed(g / copyGbps, 2).c_str());
    };
    std::printf("    %-24s %8s GB/s (median %s ms)\n", "memcpy", fixed(copyGbps, 3).c_str(),
                significant(medianOf(tCopy) * 1e3).c_str());
    line("table (apply only)", tTable);
    std::vector<double> tTableBuilt;
    for (std::size_t i = 0; i < tTable.size(); ++i) {
        tTableBuilt.push_back(tTable[i] + tBuild[i]);
    }
    line("table incl. its build", tTableBuilt);
    line("computed", tComputed);
    line("ggml-style", tGgml);
    const auto ratioLine = [&](const char* name, const std::vector<double>& slow,
                               const std::vector<double>& fast, double scale) {
        const std::vector<double> r = ratios(slow, fast, scale);
        std::printf("    %-24s %s x (per-round median; min %s, max %s)\n", name,
                    fixed(medianOf(r), 2).c_str(), fixed(r.front(), 2).c_str(),
                    fixed(r.back(), 2).c_str());
    };
    const double perCopy = static_cast<double>(applyBytes) / static_cast<double>(copyBytes);
    ratioLine("computed vs ggml-style", tGgml, tComputed, 1.0);
    ratioLine("computed vs table", tTable, tComputed, 1.0);
    ratioLine("computed vs memcpy", tCopy, tComputed, perCopy);
    ratioLine("table vs memcpy", tCopy, tTable, perCopy);
    ratioLine("ggml-style vs memcpy", tCopy, tGgml, perCopy);
    std::printf("    %-24s %s ms (median; %lld bytes)\n", "table build",
                significant(medianOf(tBuild) * 1e3).c_str(), cacheBytes);
}

} // namespace

int runBench(const QStringList& args) {
    QCommandLineParser parser;
    const auto hw = static_cast<unsigned>(rope::resolveThreads(0));
    addBenchOptions(parser, hw);
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const BenchSetup b = readBenchSetup(parser, hw);
    const auto& [params, shape, options, reps, warmup, copy, compare, angles, startPosition, offset,
                 ggml, ggmlThreads, qFloats, kFloats, qkBytes, threads, bytes] = b;

    // Q and K hold a smooth pattern in [−1, 1]; positions are start … start+seq−1 (prefill).
    // 64-byte aligned storage plus --offset floats: std::vector alone starts 16 bytes past a
    // boundary here, which sends the AVX-512 half layout to its 256-bit path (PERFORMANCE.md).
    const auto alignedSpan = [offset](std::vector<float>& storage, std::size_t n) {
        storage.assign(n + 16 + offset, 0.0f);
        const auto address = reinterpret_cast<std::uintptr_t>(storage.data());
        const std::size_t pad = ((64 - address % 64) % 64) / sizeof(float);
        return std::span<float>(storage.data() + pad + offset, n);
    };
    std::vector<float> qkStorage;
    const std::span<float> qk = alignedSpan(qkStorage, static_cast<std::size_t>(qFloats + kFloats));
    for (std::size_t i = 0; i < qk.size(); ++i) {
        qk[i] = static_cast<float>((static_cast<long long>(i % 2001) - 1000) * 1e-3);
    }
    std::vector<std::int64_t> positions(static_cast<std::size_t>(shape.seq));
    for (long long t = 0; t < shape.seq; ++t) {
        positions[t] = startPosition + t;
    }
    const std::vector<std::int32_t> positions32(positions.begin(), positions.end());
    float* q = qk.data();
    float* k = kFloats > 0 ? qk.data() + qFloats : nullptr;

    // The table is built in every mode: Table mode uses it, the others report what it would
    // cost (memory and one build's time) next to their own timing.
    const ScalingResult scaled = scaledFrequencies(params);
    const auto cacheStart = std::chrono::steady_clock::now();
    const RopeCache cache =
        buildRopeCache(scaled.invFreq, scaled.attentionFactor, positions.data(), shape.seq);
    const double cacheSeconds = seconds(std::chrono::steady_clock::now() - cacheStart);
    const long long cacheBytes = ropeCacheBytes(shape.seq, shape.effectiveRotaryDim() / 2);

    // memcpy destination: --copy times it, a normal run times it too as the same-run ceiling.
    std::vector<float> targetStorage;
    const std::span<float> target = alignedSpan(targetStorage, qk.size());
    const auto copyRun = [&] {
        return measureCopy(target.data(), qk.data(), static_cast<long long>(qk.size()), threads,
                           warmup, reps);
    };
    const auto applyRun = [&] {
        switch (angles) {
        case AngleMode::Computed:
            return measureBatchComputed(scaled.invFreq, scaled.attentionFactor, positions.data(),
                                        shape, q, k, options, warmup, reps);
        case AngleMode::GgmlStyle:
            return measureGgmlStyle(ggml, positions32.data(), shape, q, k, ggmlThreads, warmup,
                                    reps);
        case AngleMode::Table:
            break;
        }
        return measureBatch(cache, shape, q, k, options, warmup, reps);
    };
    const Throughput timing = copy ? copyRun() : applyRun();
    const double med = timing.medianSeconds;
    const double gbps = static_cast<double>(bytes) / med * 1e-9;

    const std::string isa = options.backend == Backend::Reference
                                ? std::string("scalar reference loop")
                                : (options.isa.empty() ? simdIsaName() : options.isa);
    const char* angleText = angles == AngleMode::Table ? "table (prebuilt cos/sin table)"
                            : angles == AngleMode::Computed
                                ? "computed (cos/sin formed in the pass)"
                                : "ggml-style (float-accumulated, "
                                  "cosf/sinf per token and tensor)";
    std::printf("RoPE batch benchmark (%s)\n", copy ? "memcpy ceiling" : "in-place apply");
    std::printf("  %-22s %lld x %d (q) + %d (kv) heads x dim %d (rotary %d), float32\n", "shape",
                shape.seq, shape.headsQ, shape.headsKv, shape.headDim, shape.effectiveRotaryDim());
    std::printf("  %-22s %s\n", "layout", layoutId(shape.layout));
    if (copy) {
        std::printf("  %-22s memcpy of Q and K into a second buffer\n", "operation");
    } else if (angles == AngleMode::GgmlStyle) {
        std::printf("  %-22s %s\n", "angles", angleText);
        std::printf("  %-22s re-implementation of ggml's CPU rope algorithm, not ggml (isa %s, "
                    "-O3)\n",
                    "backend", ggmlStyleIsaName().c_str());
    } else {
        std::printf("  %-22s %s\n", "angles", angleText);
        std::printf("  %-22s %s (isa %s)\n", "backend", backendName(options.backend), isa.c_str());
    }
    std::printf("  %-22s %lld ... %lld\n", "positions", startPosition,
                startPosition + shape.seq - 1);
    std::printf("  %-22s %d requested, %d used (>= %lld bytes of rotary data per thread)\n",
                "threads", options.threads == 0 ? static_cast<int>(hw) : options.threads, threads,
                options.minBytesPerThread);
    std::printf("  %-22s %lld (%s)\n", "bytes per run", bytes,
                copy ? "Q+K read + written" : "Q+K read + written, positions read");
    if (copy || angles == AngleMode::Table) {
        std::printf("  %-22s %s ms (built once, NOT part of the timed apply)\n",
                    "cos/sin cache build", significant(cacheSeconds * 1e3).c_str());
        std::printf("  %-22s %lld bytes (float cos + sin, seq x rotary/2 each)\n",
                    "cos/sin table memory", cacheBytes);
    } else {
        std::printf("  %-22s none; a table would take %lld bytes and %s ms to build (not "
                    "built for this apply)\n",
                    "cos/sin table", cacheBytes, significant(cacheSeconds * 1e3).c_str());
    }
    std::printf("  %-22s %d timed after %d warm-up\n", "runs", reps, warmup);
    std::printf(
        "  %-22s median %s ms, min %s ms, max %s ms\n", "time per run",
        significant(med * 1e3).c_str(),
        significant(*std::min_element(timing.secondsPerRep.begin(), timing.secondsPerRep.end()) *
                    1e3)
            .c_str(),
        significant(*std::max_element(timing.secondsPerRep.begin(), timing.secondsPerRep.end()) *
                    1e3)
            .c_str());
    std::printf("  %-22s %s GB/s (median)\n", "throughput", fixed(gbps, 3).c_str());
    if (!copy) {
        // The ceiling of this very run: memcpy of the same Q+K bytes with the same threads.
        const double copyGbps = static_cast<double>(2 * qkBytes) / copyRun().medianSeconds * 1e-9;
        std::printf("  %-22s %s GB/s (memcpy, same bytes and threads) -> apply at %s %%\n",
                    "memcpy ceiling", fixed(copyGbps, 3).c_str(),
                    fixed(100.0 * gbps / copyGbps, 1).c_str());
    }
    if (compare) {
        printComparison(b, target, qk, q, k, positions, positions32, scaled, cache, cacheBytes);
    }
    std::printf("gbps=%s\n", fixed(gbps, 3).c_str());
    std::fflush(stdout);
    return 0;
}

} // namespace rope::cli
