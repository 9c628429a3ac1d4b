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
#include "core/parallel.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"
#include "io/params_check.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>

namespace rope::figures {

const OptionTable& batchOptions();

namespace {

// The "layout" row's choices of batchOptions(), in order: the form's, or a core layout id.
enum class LayoutChoice { Shared, Interleaved, Half };
// The "modes" row's choices, in order.
enum class Modes { All, Table };

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
    return rope::resolveThreads(0);
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

// The exact, cheap part of the panel: the inputs resolved from the parameters and options.
struct BatchSetup {
    rope::RopeParams params; // the form's, with the panel's layout choice applied
    rope::BatchShape shape;
    int threads = 1; // requested
    int used = 1;    // planned (small work uses fewer)
    int reps = kDefaultReps;
    std::vector<std::string> isas;
    std::string isa;
    bool allModes = true;
    rope::ScalingResult scaled;
    long long qFloats = 0;
};

BatchSetup resolveSetup(const rope::RopeParams& shared, const FigureOptions& options) {
    BatchSetup s;
    s.params = shared;
    const OptionValues v(batchOptions(), options);
    if (v.choice<LayoutChoice>("layout") != LayoutChoice::Shared) {
        s.params.layout = rope::parseLayout(v.choiceId("layout").toStdString());
    }
    s.shape.seq = static_cast<int>(std::clamp<long long>(v.integer("seq"), 1, kMaxSeq));
    s.shape.headsQ = static_cast<int>(std::clamp<long long>(v.integer("heads"), 1, kMaxHeads));
    s.shape.headsKv = s.shape.headsQ;
    s.shape.headDim = s.params.headDim;
    s.shape.rotaryDim = s.params.rotaryDim;
    s.shape.layout = s.params.layout;
    s.threads = static_cast<int>(std::clamp<long long>(v.integer("threads"), 1, hardwareThreads()));
    s.reps = static_cast<int>(std::clamp<long long>(v.integer("reps"), 1, kMaxReps));
    s.isas = rope::simdIsaNames();
    s.isa = v.choiceId("isa").toStdString();
    if (std::find(s.isas.begin(), s.isas.end(), s.isa) == s.isas.end()) {
        s.isa = s.isas.front(); // a session saved on a wider CPU
    }
    s.allModes = v.choice<Modes>("modes") == Modes::All;
    s.qFloats = s.shape.seq * s.shape.headsQ * static_cast<long long>(s.shape.headDim);
    if (8 * s.qFloats > kMaxTensorBytes) {
        throw rope::InvalidParameter(
            "seq", "seq·2·heads·dim·4 = " + std::to_string(8 * s.qFloats) +
                       " bytes exceeds the panel's limit of 256 MiB; lower seq or heads");
    }
    s.scaled = rope::scaledFrequencies(s.params);
    // The kernels rotate rotaryDim = 2·|θ| dimensions. p-RoPE returns one θ per pair of the
    // whole head (zeros for the pairs it switches off), so for it the rotated span is the head.
    s.shape.rotaryDim = static_cast<int>(2 * s.scaled.invFreq.size());
    s.used = rope::plannedThreadCount(s.shape, s.threads);
    return s;
}

// Everything a measurement reads: the shape, the run settings, and the parameters only through
// θ_i, the attention factor and the ggml-style subset. A slider that changes none of these
// (the position m, the context L) leaves the bars fresh.
QVariantMap setupKey(const BatchSetup& s) {
    QVariantList invFreq;
    invFreq.reserve(static_cast<qsizetype>(s.scaled.invFreq.size()));
    for (double theta : s.scaled.invFreq) {
        invFreq.push_back(theta);
    }
    QVariantMap key{
        {QStringLiteral("seq"), s.shape.seq},
        {QStringLiteral("heads"), s.shape.headsQ},
        {QStringLiteral("dim"), s.shape.headDim},
        {QStringLiteral("rotary"), s.shape.rotaryDim},
        {QStringLiteral("layout"), QString::fromLatin1(rope::layoutId(s.shape.layout))},
        {QStringLiteral("threads"), s.threads},
        {QStringLiteral("reps"), s.reps},
        {QStringLiteral("isa"), QString::fromStdString(s.isa)},
        {QStringLiteral("all-modes"), s.allModes},
        {QStringLiteral("inv-freq"), invFreq},
        {QStringLiteral("attention-factor"), s.scaled.attentionFactor},
        {QStringLiteral("scaling"), rope::io::scalingIdText(s.params.scaling.method)},
    };
    const rope::ScalingKind method = s.params.scaling.method;
    if (method == rope::ScalingKind::Default || method == rope::ScalingKind::Linear) {
        const rope::GgmlStyleParams ggml = rope::ggmlStyleParams(s.params);
        key.insert(QStringLiteral("ggml"),
                   QVariantList{ggml.freqBase, ggml.freqScale, ggml.attnFactor});
    }
    return key;
}

// One measurement: the agreement of the backends (deterministic, but it costs two full
// applies on a seeded 8 MiB tensor, so it is measured with the timings) and every timing.
struct BatchMeasurement final : Measurement {
    std::string isa; // the selected ISA (readouts, computed bar)
    int reps = 0;
    double maxDiff = 0;
    rope::Throughput reference;
    std::vector<std::pair<std::string, rope::Throughput>> simdRuns;
    rope::Throughput copy;
    rope::Throughput build;
    std::optional<rope::Throughput> computed;
    std::optional<rope::Throughput> ggml;
    QStringList missing; // modes left out, with the reason (shown in the x label)
};

std::shared_ptr<const Measurement> measureBatchPanel(const rope::RopeParams& shared,
                                                     const FigureOptions& options,
                                                     const JobControl& control,
                                                     const JobResult* /*previous*/) {
    const BatchSetup s = resolveSetup(shared, options);
    const rope::BatchShape& shape = s.shape;
    auto m = std::make_shared<BatchMeasurement>();
    m->inputs = setupKey(s);
    m->isa = s.isa;
    m->reps = s.reps;
    // Polled between runs: a superseded measurement stops within one timing (a few ms).
    const auto cancelled = [&control] { return control.cancelled(); };

    const long long floats = 2 * s.qFloats;
    std::vector<float> input(static_cast<std::size_t>(floats));
    fillSeeded(input.data(), s.qFloats, kSeedQ);
    fillSeeded(input.data() + s.qFloats, s.qFloats, kSeedK);
    std::vector<std::int64_t> positions(static_cast<std::size_t>(shape.seq));
    for (long long t = 0; t < shape.seq; ++t) {
        positions[static_cast<std::size_t>(t)] = t; // prefill: token t at position t
    }
    const rope::RopeCache cache = rope::buildRopeCache(s.scaled.invFreq, s.scaled.attentionFactor,
                                                       positions.data(), shape.seq);

    rope::BatchOptions reference;
    reference.backend = rope::Backend::Reference;
    reference.threads = s.threads;
    rope::BatchOptions simd;
    simd.backend = rope::Backend::Simd;
    simd.threads = s.threads;
    simd.isa = s.isa;

    // Agreement: one apply of each backend on copies of the same input.
    std::vector<float> byReference = input;
    std::vector<float> bySimd = input;
    rope::applyRopeBatch(cache, shape, byReference.data(), byReference.data() + s.qFloats,
                         reference);
    rope::applyRopeBatch(cache, shape, bySimd.data(), bySimd.data() + s.qFloats, simd);
    for (std::size_t i = 0; i < input.size(); ++i) {
        m->maxDiff =
            std::max(m->maxDiff, std::abs(static_cast<double>(byReference[i]) - bySimd[i]));
    }

    // Each operation is timed one run per call (core times every run on its own, outside any
    // per-call setup, so this is the same Throughput as one call with reps runs) so that a
    // cancel is seen within one run, not after reps of them (at 8192 × 64 heads, 50 runs of the
    // scalar reference take seconds).
    const auto timed = [&](auto&& run, int warmup) -> std::optional<rope::Throughput> {
        if (cancelled()) {
            return std::nullopt;
        }
        rope::Throughput t = run(warmup);
        for (int r = 1; r < s.reps; ++r) {
            if (cancelled()) {
                return std::nullopt;
            }
            t.secondsPerRep.push_back(run(0).secondsPerRep.front());
        }
        t.medianSeconds = rope::medianOf(t.secondsPerRep);
        // As core does: a clock tick of 0 s would give infinite GB/s, so floor at 1 ns.
        t.gbps = static_cast<double>(t.bytes) / std::max(t.medianSeconds, 1e-9) * 1e-9;
        return t;
    };

    // Throughput: repeated in-place applies on a scratch tensor (rotations keep it bounded).
    // The agreement applies above warmed the reference and the selected kernel, so only the
    // kernels not run yet get a warm-up run.
    float* workQ = bySimd.data();
    float* workK = bySimd.data() + s.qFloats;
    const auto batchRun = [&](const rope::BatchOptions& o) {
        return [&, o](int warmup) {
            return rope::measureBatch(cache, shape, workQ, workK, o, warmup, 1);
        };
    };
    std::optional<rope::Throughput> run = timed(batchRun(reference), 0);
    if (!run) {
        return nullptr;
    }
    m->reference = *run;
    for (const std::string& name : s.isas) {
        rope::BatchOptions o = simd;
        o.isa = name;
        run = timed(batchRun(o), name == s.isa ? 0 : 1);
        if (!run) {
            return nullptr;
        }
        m->simdRuns.emplace_back(name, *run);
    }
    run = timed(
        [&](int warmup) {
            return rope::measureCopy(byReference.data(), input.data(), floats, s.used, warmup, 1);
        },
        1);
    if (!run) {
        return nullptr;
    }
    m->copy = *run;
    // What the table costs in time: one build (median of the runs).
    run = timed(
        [&](int warmup) {
            return rope::measureCacheBuild(s.scaled.invFreq, s.scaled.attentionFactor,
                                           positions.data(), shape.seq, warmup, 1);
        },
        0);
    if (!run) {
        return nullptr;
    }
    m->build = *run;
    if (!s.allModes) {
        return m;
    }
    // The other two angle sources, on the same scratch tensor.
    try {
        m->computed = timed(
            [&](int warmup) {
                return rope::measureBatchComputed(s.scaled.invFreq, s.scaled.attentionFactor,
                                                  positions.data(), shape, workQ, workK, simd,
                                                  warmup, 1);
            },
            1);
        if (!m->computed) {
            return nullptr;
        }
    } catch (const rope::InvalidParameter& e) {
        // e.g. p-RoPE's zero frequencies: the computed kernel takes θ_i > 0 only.
        m->missing << FigureText::tr("no computed bar: %1").arg(QString::fromUtf8(e.what()));
    }
    // Only plain and linear RoPE have a ggml-style equivalent (no YaRN ramp, no per-frequency
    // factors in the re-implemented subset).
    const rope::ScalingKind method = s.params.scaling.method;
    if (method == rope::ScalingKind::Default || method == rope::ScalingKind::Linear) {
        const rope::GgmlStyleParams ggml = rope::ggmlStyleParams(s.params);
        const std::vector<std::int32_t> positions32(positions.begin(), positions.end());
        m->ggml = timed(
            [&](int warmup) {
                return rope::measureGgmlStyle(ggml, positions32.data(), shape, workQ, workK, s.used,
                                              warmup, 1);
            },
            1);
        if (!m->ggml) {
            return nullptr;
        }
    } else {
        m->missing << FigureText::tr("no ggml-style bar for scaling '%1' (only default, linear)")
                          .arg(rope::io::scalingIdText(method));
    }
    return m;
}

FigureData composeBatchPanel(const rope::RopeParams& shared, const FigureOptions& options,
                             const Measurement* last) {
    const BatchSetup s = resolveSetup(shared, options);
    const rope::BatchShape& shape = s.shape;
    const auto* m = dynamic_cast<const BatchMeasurement*>(last);
    const bool fresh = m != nullptr && m->inputs == setupKey(s);

    FigureData data;
    data.title = FigureText::tr("Batch RoPE, %1 tokens × %2 heads × d %3 (%4), %5 thread(s)")
                     .arg(shape.seq)
                     .arg(shape.headsQ)
                     .arg(shape.headDim)
                     .arg(QString::fromLatin1(rope::layoutId(shape.layout)))
                     .arg(s.used);
    data.yLabel = FigureText::tr("throughput (GB/s)");
    // Any bar may be the tallest, so the legend goes under the axes rather than over a corner.
    data.legendBelow = true;

    // Exact for these inputs, measured or not: bytes (closed forms), threads, the table's
    // memory and its work (one sincos per row and pair).
    const int pairs = shape.effectiveRotaryDim() / 2;
    const long long tableBytes = rope::ropeCacheBytes(shape.seq, pairs);
    data.readouts = {
        {FigureText::tr("bytes moved per apply"), static_cast<double>(rope::batchBytesMoved(shape)),
         QStringLiteral("B")},
        {FigureText::tr("threads used"), static_cast<double>(s.used), QString()},
        {FigureText::tr("cos/sin table memory"), static_cast<double>(tableBytes),
         QStringLiteral("B")},
        {FigureText::tr("sincos per table build"), static_cast<double>(shape.seq) * pairs,
         QString()},
    };

    if (m == nullptr) {
        // Nothing measured yet: the axes wait, a note says why.
        data.xLabel = FigureText::tr("backend (measuring…)");
        data.xRange = {{-0.5, 0.5}};
        data.xTicks = {{0.0, QString()}}; // no numbers on a category axis without categories
        data.yRange = {{0.0, 1.0}};
        data.labels.push_back({0.0, 0.5, FigureText::tr("Measuring…"), false});
        return data;
    }

    // A measurement taken for other inputs is still drawn (the user sees the last result while
    // a drag settles) but every measured text says it belongs to the previous parameters.
    const QString stale = fresh ? QString() : FigureText::tr(" (stale)");
    const QString isaText = QString::fromStdString(m->isa);
    data.xLabel =
        FigureText::tr("backend (same Q/K rotated in place, median of %1 runs)").arg(m->reps);
    // Each reason on a line of its own: one line of them ran past both ends of the axis.
    for (const QString& reason : m->missing) {
        data.xLabel += QLatin1Char('\n') + reason;
    }
    if (!fresh) {
        data.title += QStringLiteral(" — ") + FigureText::tr("measuring…");
        data.xLabel = FigureText::tr("STALE: bars measured for the previous parameters; "
                                     "measuring the new ones…");
    }

    Series refBar;
    refBar.name = FigureText::tr("scalar reference") + stale;
    refBar.id = QStringLiteral("scalar-reference");
    refBar.style = SeriesStyle::Bars;
    refBar.colour = 1;
    refBar.measured = true;
    refBar.x = {0.0};
    refBar.y = {m->reference.gbps};
    data.xTicks.push_back({0.0, FigureText::tr("reference")});
    Series simdBars;
    simdBars.name = QStringLiteral("SIMD") + stale;
    simdBars.id = QStringLiteral("simd");
    simdBars.style = SeriesStyle::Bars;
    simdBars.colour = 0;
    simdBars.measured = true;
    double simdGbps = m->reference.gbps;
    double simdSeconds = m->reference.medianSeconds;
    for (std::size_t j = 0; j < m->simdRuns.size(); ++j) {
        const double x = static_cast<double>(j + 1);
        simdBars.x.push_back(x);
        simdBars.y.push_back(m->simdRuns[j].second.gbps);
        data.xTicks.push_back({x, QString::fromStdString(m->simdRuns[j].first)});
        if (m->simdRuns[j].first == m->isa) {
            simdGbps = m->simdRuns[j].second.gbps;
            simdSeconds = m->simdRuns[j].second.medianSeconds;
        }
    }
    // Table mode is every bar above; the other angle sources follow, with the selected ISA.
    double xNext = static_cast<double>(m->simdRuns.size() + 1);
    double top = std::max(m->copy.gbps, m->reference.gbps);
    for (double y : simdBars.y) {
        top = std::max(top, y);
    }
    data.series = {refBar, simdBars};
    if (m->computed) {
        Series computedBar;
        computedBar.name = FigureText::tr("angles computed in the pass (%1)").arg(isaText) + stale;
        computedBar.id = QStringLiteral("computed-angles");
        computedBar.style = SeriesStyle::Bars;
        computedBar.colour = 2;
        computedBar.measured = true;
        computedBar.x = {xNext};
        computedBar.y = {m->computed->gbps};
        // Two lines: six one-line names overlap under narrow bars (a slide, a small window).
        data.xTicks.push_back({xNext, FigureText::tr("%1\ncomputed").arg(isaText)});
        xNext += 1;
        top = std::max(top, m->computed->gbps);
        data.series.push_back(computedBar);
    }
    if (m->ggml) {
        Series ggmlBar;
        ggmlBar.name = FigureText::tr("ggml-style baseline (float-accumulated angles)") + stale;
        ggmlBar.id = QStringLiteral("ggml-baseline");
        ggmlBar.style = SeriesStyle::Bars;
        ggmlBar.colour = 3;
        ggmlBar.measured = true;
        ggmlBar.x = {xNext};
        ggmlBar.y = {m->ggml->gbps};
        data.xTicks.push_back({xNext, QStringLiteral("ggml-style")});
        xNext += 1;
        top = std::max(top, m->ggml->gbps);
        data.series.push_back(ggmlBar);
    }
    const double xLast = xNext - 0.5;
    Series ceiling;
    ceiling.name = FigureText::tr("memcpy of the same bytes") + stale;
    ceiling.id = QStringLiteral("memcpy");
    ceiling.colour = 6;
    ceiling.measured = true;
    ceiling.x = {-0.5, xLast};
    ceiling.y = {m->copy.gbps, m->copy.gbps};
    data.series.push_back(ceiling);
    data.xRange = {{-0.5, xLast}};
    data.yRange = {{0.0, 1.1 * top}};
    if (!fresh) {
        data.labels.push_back({(xLast - 0.5) / 2, 1.05 * top,
                               FigureText::tr("Measuring… the bars are from the previous "
                                              "parameters"),
                               false});
    }

    const auto measured = [&](const QString& label, double value, const QString& unit) {
        data.readouts.push_back({label + stale, value, unit, true});
    };
    measured(FigureText::tr("max |reference − %1|").arg(isaText), m->maxDiff, QString());
    data.readouts.back().measured = false; // deterministic, only computed with the timings
    measured(FigureText::tr("reference"), m->reference.gbps, QStringLiteral("GB/s"));
    measured(FigureText::tr("SIMD %1").arg(isaText), simdGbps, QStringLiteral("GB/s"));
    measured(QStringLiteral("memcpy"), m->copy.gbps, QStringLiteral("GB/s"));
    measured(FigureText::tr("speed-up %1 / reference").arg(isaText), simdGbps / m->reference.gbps,
             QStringLiteral("×"));
    measured(FigureText::tr("table build"), m->build.medianSeconds * 1e3, QStringLiteral("ms"));
    measured(FigureText::tr("table apply %1").arg(isaText), simdSeconds * 1e3,
             QStringLiteral("ms"));
    if (m->computed) {
        measured(FigureText::tr("computed apply %1").arg(isaText), m->computed->medianSeconds * 1e3,
                 QStringLiteral("ms"));
    }
    if (m->ggml) {
        measured(FigureText::tr("ggml-style apply"), m->ggml->medianSeconds * 1e3,
                 QStringLiteral("ms"));
    }
    return data;
}

QVariantMap batchInputs(const rope::RopeParams& params, const FigureOptions& options) {
    return setupKey(resolveSetup(params, options));
}

} // namespace

// The whole figure in one call (rope-cli, exports, figureData()): a fresh measurement, composed.
FigureData batchFigure(const rope::RopeParams& shared, const FigureOptions& options) {
    const std::atomic<bool> never{false};
    const std::shared_ptr<const Measurement> m =
        measureBatchPanel(shared, options, JobControl(never), nullptr);
    return composeBatchPanel(shared, options, m.get());
}

const FigureJob& batchJob() {
    static const FigureJob job{.inputs = &batchInputs,
                               .run = &measureBatchPanel,
                               .compose = &composeBatchPanel,
                               .timed = true};
    return job;
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
