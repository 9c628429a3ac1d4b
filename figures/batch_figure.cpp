// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "batch": the batch RoPE kernel on a generated Q/K tensor. The reference and every SIMD
// ISA rotate the same seeded tensor: their agreement (max abs diff) is deterministic, their
// throughput (GB/s, next to a memcpy of the same bytes) is measured and only shown. Beside the
// table mode (a prebuilt cos/sin table read by the apply) the panel measures the computed-angle
// mode (cos/sin formed in the pass, selected ISA) and the ggml-style baseline, and reports what
// the table costs: its bytes (closed form) and its build time (measured).
#include "core/kernels/rope_bench.h"
#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_ggml_style.h"
#include "core/kernels/rope_kernel.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <thread>

namespace rope::figures {

namespace {

constexpr int kDefaultSeq = 1024;
constexpr int kMaxSeq = 8192;
constexpr int kDefaultHeads = 8;
constexpr int kMaxHeads = 64;
constexpr int kDefaultReps = 5;
constexpr int kMaxReps = 50;
// Q + K beyond this is refused: the panel holds three copies (reference, SIMD, timing) and a
// memcpy target, all inside the GUI process.
constexpr long long kMaxTensorBytes = 256LL * 1024 * 1024;
// Seeds of the generated Q and K (tests/ui/tst_batch_panel.cpp regenerates them).
constexpr std::uint64_t kSeedQ = 1001;
constexpr std::uint64_t kSeedK = 1002;

int hardwareThreads() {
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// The draws of rope::seededUniformVector(count, seed) (mt19937_64, uniform in [−1, 1)) rounded to
// float32, written in place so sizes beyond that function's limit need no double buffer.
void fillSeeded(float* out, long long count, std::uint64_t seed) {
    std::mt19937_64 engine(seed);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    for (long long i = 0; i < count; ++i) {
        out[i] = static_cast<float>(uniform(engine));
    }
}

QString defaultIsa() {
    return QString::fromStdString(rope::simdIsaNames().front());
}

} // namespace

FigureData batchFigure(const rope::RopeParams& shared, const FigureOptions& options) {
    rope::RopeParams params = shared;
    const QString layoutOption =
        options.value(QStringLiteral("layout"), QStringLiteral("shared")).toString();
    if (layoutOption != QLatin1String("shared")) {
        params.layout = rope::parseLayout(layoutOption.toStdString());
    }
    rope::BatchShape shape;
    shape.seq = std::clamp(options.value(QStringLiteral("seq"), kDefaultSeq).toInt(), 1, kMaxSeq);
    shape.headsQ =
        std::clamp(options.value(QStringLiteral("heads"), kDefaultHeads).toInt(), 1, kMaxHeads);
    shape.headsKv = shape.headsQ;
    shape.headDim = params.headDim;
    shape.rotaryDim = params.rotaryDim;
    shape.layout = params.layout;
    const int threads =
        std::clamp(options.value(QStringLiteral("threads"), 1).toInt(), 1, hardwareThreads());
    const int reps =
        std::clamp(options.value(QStringLiteral("reps"), kDefaultReps).toInt(), 1, kMaxReps);
    const std::vector<std::string> isas = rope::simdIsaNames();
    std::string isa = options.value(QStringLiteral("isa"), defaultIsa()).toString().toStdString();
    if (std::find(isas.begin(), isas.end(), isa) == isas.end()) {
        isa = isas.front(); // a session saved on a wider CPU
    }
    const QString modes = options.value(QStringLiteral("modes"), QStringLiteral("all")).toString();
    if (modes != QLatin1String("all") && modes != QLatin1String("table")) {
        throw rope::InvalidParameter("modes", "unknown value '" + modes.toStdString() +
                                                  "'; use all or table");
    }
    const bool allModes = modes == QLatin1String("all");

    const long long qFloats = shape.seq * shape.headsQ * static_cast<long long>(shape.headDim);
    const long long floats = 2 * qFloats;
    if (4 * floats > kMaxTensorBytes) {
        throw rope::InvalidParameter(
            "seq", "seq·2·heads·dim·4 = " + std::to_string(4 * floats) +
                       " bytes exceeds the panel's limit of 256 MiB; lower seq or heads");
    }
    std::vector<float> input(static_cast<std::size_t>(floats));
    fillSeeded(input.data(), qFloats, kSeedQ);
    fillSeeded(input.data() + qFloats, qFloats, kSeedK);
    std::vector<std::int64_t> positions(static_cast<std::size_t>(shape.seq));
    for (long long t = 0; t < shape.seq; ++t) {
        positions[static_cast<std::size_t>(t)] = t; // prefill: token t at position t
    }
    const rope::ScalingResult scaled = rope::scaledFrequencies(params);
    // The kernels rotate rotaryDim = 2·|θ| dimensions. p-RoPE returns one θ per pair of the
    // whole head (zeros for the pairs it switches off), so for it the rotated span is the head.
    shape.rotaryDim = static_cast<int>(2 * scaled.invFreq.size());
    const rope::RopeCache cache =
        rope::buildRopeCache(scaled.invFreq, scaled.attentionFactor, positions.data(), shape.seq);

    rope::BatchOptions reference;
    reference.backend = rope::Backend::Reference;
    reference.threads = threads;
    rope::BatchOptions simd;
    simd.backend = rope::Backend::Simd;
    simd.threads = threads;
    simd.isa = isa;

    // Agreement: one apply of each backend on copies of the same input.
    std::vector<float> byReference = input;
    std::vector<float> bySimd = input;
    rope::applyRopeBatch(cache, shape, byReference.data(), byReference.data() + qFloats, reference);
    rope::applyRopeBatch(cache, shape, bySimd.data(), bySimd.data() + qFloats, simd);
    double maxDiff = 0;
    for (std::size_t i = 0; i < input.size(); ++i) {
        maxDiff = std::max(maxDiff, std::abs(static_cast<double>(byReference[i]) - bySimd[i]));
    }

    // Throughput: repeated in-place applies on a scratch copy (rotations keep it bounded).
    std::vector<float> work = input;
    const auto measure = [&](const rope::BatchOptions& o) {
        return rope::measureBatch(cache, shape, work.data(), work.data() + qFloats, o, 1, reps);
    };
    const int used = rope::plannedThreadCount(shape, threads);
    const rope::Throughput referenceRun = measure(reference);
    std::vector<std::pair<std::string, rope::Throughput>> simdRuns;
    for (const std::string& name : isas) {
        rope::BatchOptions o = simd;
        o.isa = name;
        simdRuns.emplace_back(name, measure(o));
    }
    std::vector<float> target(input.size());
    const rope::Throughput copyRun =
        rope::measureCopy(target.data(), input.data(), floats, used, 1, reps);
    // What the table costs: its bytes (closed form) and one build (median of the runs).
    const long long tableBytes = rope::ropeCacheBytes(shape.seq, shape.effectiveRotaryDim() / 2);
    const rope::Throughput buildRun = rope::measureCacheBuild(
        scaled.invFreq, scaled.attentionFactor, positions.data(), shape.seq, 0, reps);
    // The other two angle sources, on the same scratch tensor.
    rope::Throughput computedRun;
    rope::Throughput ggmlRun;
    bool computedShown = false;
    bool ggmlShown = false;
    QStringList missing; // modes left out, with the reason (shown in the x label)
    if (allModes) {
        try {
            computedRun = rope::measureBatchComputed(scaled.invFreq, scaled.attentionFactor,
                                                     positions.data(), shape, work.data(),
                                                     work.data() + qFloats, simd, 1, reps);
            computedShown = true;
        } catch (const rope::InvalidParameter& e) {
            // e.g. p-RoPE's zero frequencies: the computed kernel takes θ_i > 0 only.
            missing << FigureText::tr("no computed bar: %1").arg(QString::fromUtf8(e.what()));
        }
        // Only plain and linear RoPE have a ggml-style equivalent (no YaRN ramp, no
        // per-frequency factors in the re-implemented subset).
        const std::string& method = params.scaling.method;
        if (method == "default" || method == "linear") {
            const rope::GgmlStyleParams ggml = rope::ggmlStyleParams(params);
            const std::vector<std::int32_t> positions32(positions.begin(), positions.end());
            ggmlRun = rope::measureGgmlStyle(ggml, positions32.data(), shape, work.data(),
                                             work.data() + qFloats, used, 1, reps);
            ggmlShown = true;
        } else {
            missing << FigureText::tr("no ggml-style bar for scaling '%1' (only default, linear)")
                           .arg(QString::fromStdString(method));
        }
    }

    FigureData data;
    data.title = FigureText::tr("Batch RoPE, %1 tokens × %2 heads × d %3 (%4), %5 thread(s)")
                     .arg(shape.seq)
                     .arg(shape.headsQ)
                     .arg(shape.headDim)
                     .arg(QString::fromLatin1(rope::layoutId(shape.layout)))
                     .arg(used);
    data.xLabel =
        FigureText::tr("backend (same Q/K rotated in place, median of %1 runs)").arg(reps);
    for (const QString& reason : missing) {
        data.xLabel += QStringLiteral("; ") + reason;
    }
    data.yLabel = FigureText::tr("throughput (GB/s = 10⁹ bytes/s)");

    Series refBar;
    refBar.name = FigureText::tr("scalar reference");
    refBar.style = SeriesStyle::Bars;
    refBar.colour = 1;
    refBar.measured = true;
    refBar.x = {0.0};
    refBar.y = {referenceRun.gbps};
    data.xTicks.push_back({0.0, FigureText::tr("reference")});
    Series simdBars;
    simdBars.name = QStringLiteral("SIMD");
    simdBars.style = SeriesStyle::Bars;
    simdBars.colour = 0;
    simdBars.measured = true;
    double simdGbps = referenceRun.gbps;
    for (std::size_t j = 0; j < simdRuns.size(); ++j) {
        const double x = static_cast<double>(j + 1);
        simdBars.x.push_back(x);
        simdBars.y.push_back(simdRuns[j].second.gbps);
        data.xTicks.push_back({x, QString::fromStdString(simdRuns[j].first)});
        if (simdRuns[j].first == isa) {
            simdGbps = simdRuns[j].second.gbps;
        }
    }
    // Table mode is every bar above; the other angle sources follow, with the selected ISA.
    double xNext = static_cast<double>(simdRuns.size() + 1);
    Series computedBar;
    computedBar.name =
        FigureText::tr("angles computed in the pass (%1)").arg(QString::fromStdString(isa));
    computedBar.style = SeriesStyle::Bars;
    computedBar.colour = 2;
    computedBar.measured = true;
    Series ggmlBar;
    ggmlBar.name = FigureText::tr("ggml-style baseline (float-accumulated angles)");
    ggmlBar.style = SeriesStyle::Bars;
    ggmlBar.colour = 3;
    ggmlBar.measured = true;
    if (computedShown) {
        computedBar.x = {xNext};
        computedBar.y = {computedRun.gbps};
        data.xTicks.push_back(
            {xNext, FigureText::tr("computed %1").arg(QString::fromStdString(isa))});
        xNext += 1;
    }
    if (ggmlShown) {
        ggmlBar.x = {xNext};
        ggmlBar.y = {ggmlRun.gbps};
        data.xTicks.push_back({xNext, QStringLiteral("ggml-style")});
        xNext += 1;
    }
    const double xLast = xNext - 0.5;
    Series ceiling;
    ceiling.name = FigureText::tr("memcpy of the same bytes");
    ceiling.colour = 6;
    ceiling.measured = true;
    ceiling.x = {-0.5, xLast};
    ceiling.y = {copyRun.gbps, copyRun.gbps};
    double top = copyRun.gbps;
    for (double y : simdBars.y) {
        top = std::max(top, y);
    }
    top = std::max(top, referenceRun.gbps);
    data.series = {refBar, simdBars};
    if (computedShown) {
        top = std::max(top, computedRun.gbps);
        data.series.push_back(computedBar);
    }
    if (ggmlShown) {
        top = std::max(top, ggmlRun.gbps);
        data.series.push_back(ggmlBar);
    }
    data.series.push_back(ceiling);
    data.xRange = {{-0.5, xLast}};
    data.yRange = {{0.0, 1.1 * top}};
    // Any bar may be the tallest, so the legend goes under the axes rather than over a corner.
    data.legendBelow = true;

    const QString isaText = QString::fromStdString(isa);
    data.readouts = {
        {FigureText::tr("bytes moved per apply"), static_cast<double>(rope::batchBytesMoved(shape)),
         QStringLiteral("B")},
        {FigureText::tr("threads used"), static_cast<double>(used), QString()},
        {FigureText::tr("max |reference − %1|").arg(isaText), maxDiff, QString()},
        {FigureText::tr("reference"), referenceRun.gbps, QStringLiteral("GB/s"), true},
        {FigureText::tr("SIMD %1").arg(isaText), simdGbps, QStringLiteral("GB/s"), true},
        {QStringLiteral("memcpy"), copyRun.gbps, QStringLiteral("GB/s"), true},
        {FigureText::tr("speed-up %1 / reference").arg(isaText), simdGbps / referenceRun.gbps,
         QStringLiteral("×"), true},
        {FigureText::tr("cos/sin table memory"), static_cast<double>(tableBytes),
         QStringLiteral("B")},
        {FigureText::tr("table build"), buildRun.medianSeconds * 1e3, QStringLiteral("ms"), true},
    };
    double simdSeconds = referenceRun.medianSeconds;
    for (const auto& [name, run] : simdRuns) {
        if (name == isa) {
            simdSeconds = run.medianSeconds;
        }
    }
    data.readouts.push_back({FigureText::tr("table apply %1").arg(isaText), simdSeconds * 1e3,
                             QStringLiteral("ms"), true});
    if (computedShown) {
        data.readouts.push_back({FigureText::tr("computed apply %1").arg(isaText),
                                 computedRun.medianSeconds * 1e3, QStringLiteral("ms"), true});
    }
    if (ggmlShown) {
        data.readouts.push_back({FigureText::tr("ggml-style apply"), ggmlRun.medianSeconds * 1e3,
                                 QStringLiteral("ms"), true});
    }
    return data;
}

const OptionTable& batchOptions() {
    static const OptionTable table = [] {
        std::vector<OptionChoice> isas;
        for (const std::string& name : rope::simdIsaNames()) {
            isas.push_back({QString::fromStdString(name), QString::fromStdString(name)});
        }
        return OptionTable{
            {.id = "seq",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Tokens:"),
             .kind = OptionKind::Integer,
             .defaultValue = kDefaultSeq,
             .min = 1,
             .max = kMaxSeq,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Tokens s in the generated Q/K.")},
            {.id = "heads",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Heads:"),
             .kind = OptionKind::Integer,
             .defaultValue = kDefaultHeads,
             .min = 1,
             .max = kMaxHeads,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Heads of Q and of K.")},
            {.id = "threads",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "T&hreads:"),
             .kind = OptionKind::Integer,
             .defaultValue = 1,
             .min = 1,
             .max = static_cast<double>(hardwareThreads()),
             .tooltip = QT_TRANSLATE_NOOP(
                 "FigureOptions", "Threads requested; small work uses fewer (see the readout).")},
            {.id = "reps",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Runs:"),
             .kind = OptionKind::Integer,
             .defaultValue = kDefaultReps,
             .min = 1,
             .max = kMaxReps,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions", "Timed runs per bar (median).")},
            {.id = "layout",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "L&ayout:"),
             .kind = OptionKind::Choice,
             .defaultValue = QStringLiteral("shared"),
             .choices = {{"shared", QT_TRANSLATE_NOOP("FigureOptions", "form's layout")},
                         {"interleaved", "interleaved"},
                         {"half", "half"}}},
            {.id = "isa",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&ISA:"),
             .kind = OptionKind::Choice,
             .defaultValue = defaultIsa(),
             .choices = isas,
             .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                          "SIMD ISA compared with the reference (widest first).")},
            {.id = "modes",
             .label = QT_TRANSLATE_NOOP("FigureOptions", "&Angles:"),
             .kind = OptionKind::Choice,
             .defaultValue = QStringLiteral("all"),
             .choices = {{"all", QT_TRANSLATE_NOOP("FigureOptions", "table, computed, ggml-style")},
                         {"table", QT_TRANSLATE_NOOP("FigureOptions", "table only")}},
             .tooltip = QT_TRANSLATE_NOOP(
                 "FigureOptions", "Where cos/sin come from: a prebuilt table, computed in the "
                                  "pass, or the ggml-style baseline (float-accumulated angles).")},
        };
    }();
    return table;
}

} // namespace rope::figures
