// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "app/cli/train_options.h"
#include "core/scaling/scaling_registry.h"
#include "core/train/experiments.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <iostream>

namespace rope::cli {

namespace {

using namespace rope::train;

std::string spreadJson(const Spread& s) {
    return "{\"mean\":" + jsonNumber(s.mean) + ",\"min\":" + jsonNumber(s.min) +
           ",\"max\":" + jsonNumber(s.max) + "}";
}

std::string curveJson(const std::vector<CurvePoint>& curve) {
    std::string out;
    for (const CurvePoint& p : curve) {
        out += (out.empty() ? "{\"step\":" : ",{\"step\":") + std::to_string(p.step) +
               ",\"loss\":" + jsonNumber(p.loss) + ",\"accuracy\":" + jsonNumber(p.accuracy) + "}";
    }
    return "[" + out + "]";
}

std::string modelJson(const TrainOptions& o) {
    const ModelConfig& m = o.model;
    return "\"task\":{\"id\":" + jsonString(taskId(o.task.task)) +
           ",\"vocab\":" + std::to_string(o.task.vocab) +
           ",\"offset\":" + std::to_string(o.task.offset) +
           "},\"model\":{\"layers\":" + std::to_string(m.layers) +
           ",\"d_model\":" + std::to_string(m.dModel) + ",\"heads\":" + std::to_string(m.heads) +
           ",\"mlp\":" + (m.mlp ? "true" : "false") +
           ",\"activation\":" + jsonString(activationId(m.activation)) +
           ",\"base\":" + jsonNumber(m.base) +
           ",\"rotary_fraction\":" + jsonNumber(m.rotaryFraction) +
           ",\"layout\":" + jsonString(layoutId(m.layout)) +
           ",\"p\":" + jsonNumber(m.pRopeFraction) + "},\"length\":" + std::to_string(o.length) +
           ",\"batch\":" + std::to_string(o.batch) + ",\"steps\":" + std::to_string(o.steps) +
           ",\"lr\":" + jsonNumber(o.optimizer.lr) + ",\"threads\":" + std::to_string(o.threads);
}

void checkWork(double work) {
    if (work > kMaxTrainWork) {
        throw InvalidParameter("work", "the experiment's work " + jsonNumber(work) +
                                           " (layers*d_model*(d_model+length)*length per "
                                           "sequence, summed over training, fine-tuning and "
                                           "evaluation) exceeds the limit 5e11");
    }
}

// Refuses a flag given to an experiment it does not apply to (nothing is ignored silently).
void refuseFlags(const QCommandLineParser& parser, const std::string& context,
                 std::initializer_list<const char*> flags) {
    for (const char* flag : flags) {
        if (parser.isSet(QString::fromLatin1(flag))) {
            throw InvalidParameter(flag,
                                   std::string("--") + flag + " does not apply to " + context);
        }
    }
}

// Prints "rope-cli lab: 30 %" on stderr each time the progress passes another tenth.
class ProgressPrinter {
public:
    explicit ProgressPrinter(std::string name) : m_name(std::move(name)) {}
    void operator()(double fraction) {
        const int tenth = static_cast<int>(std::floor(fraction * 10.0 + 1e-9));
        if (tenth > m_lastTenth) {
            m_lastTenth = tenth;
            std::cerr << "rope-cli lab: " << m_name << " " << tenth * 10 << " %\n";
        }
    }

private:
    std::string m_name;
    int m_lastTenth = 0;
};

std::string runRaceCommand(const QCommandLineParser& parser, const TrainOptions& train,
                           double& work) {
    refuseFlags(parser, "--experiment race",
                {"eval-sequences", "test-lengths", "methods", "finetune-steps", "finetune-length",
                 "bases", "base-count", "rotary-fractions", "test-factor"});
    RaceOptions o;
    o.train = train;
    o.schemes = schemeList(parser.value(QStringLiteral("schemes")));
    o.seeds = parser.isSet(QStringLiteral("seeds")) ? seedsFrom(parser) : 3;
    o.firstSeed = train.seed;
    o.target = parseDouble(parser.value(QStringLiteral("target")), QStringLiteral("target"));
    if (!(o.target > 0.0 && o.target <= 1.0)) {
        throw InvalidParameter("target", "--target must be in (0, 1]");
    }
    for (PositionScheme s : o.schemes) {
        TrainOptions t = o.train;
        t.model.scheme = s;
        validate(t);
    }
    work = sequenceWork(train.model, train.length) * train.batch * train.steps * o.seeds *
           static_cast<double>(o.schemes.size());
    checkWork(work);
    WorkControl control(nullptr, ProgressPrinter("race"));
    const RaceResult r = runRace(o, &control, [](const RaceResult& partial) {
        const RaceRun& run = partial.runs.back();
        std::cerr << "rope-cli lab: race " << positionSchemeId(run.scheme) << " seed " << run.seed
                  << " steps to target "
                  << (run.stepsToTarget < 0 ? std::string("never")
                                            : std::to_string(run.stepsToTarget))
                  << '\n';
    });
    std::string runs;
    for (const RaceRun& run : r.runs) {
        runs += (runs.empty() ? "{" : ",{") + std::string("\"scheme\":") +
                jsonString(positionSchemeId(run.scheme)) + ",\"seed\":" + std::to_string(run.seed) +
                ",\"curve\":" + curveJson(run.curve) + ",\"steps_to_target\":" +
                (run.stepsToTarget < 0 ? "null" : std::to_string(run.stepsToTarget)) + "}";
    }
    std::string schemes;
    for (const SchemeCurves& s : r.schemes) {
        std::string curve;
        for (std::size_t k = 0; k < s.steps.size(); ++k) {
            curve += (curve.empty() ? "{\"step\":" : ",{\"step\":") + std::to_string(s.steps[k]) +
                     ",\"loss\":" + spreadJson(s.loss[k]) +
                     ",\"accuracy\":" + spreadJson(s.accuracy[k]) + "}";
        }
        schemes +=
            (schemes.empty() ? "{" : ",{") + std::string("\"scheme\":") +
            jsonString(positionSchemeId(s.scheme)) + ",\"seeds\":" + std::to_string(s.seeds) +
            ",\"reached\":" + std::to_string(s.reached) +
            ",\"steps_to_target\":" + spreadJson(s.stepsToTarget) + ",\"curve\":[" + curve + "]}";
    }
    return "\"runs\":[" + runs + "],\"schemes\":[" + schemes +
           "],\"target\":" + jsonNumber(o.target) + ",\"seeds\":" + std::to_string(o.seeds);
}

std::string runLengthCommand(const QCommandLineParser& parser, const TrainOptions& train,
                             double& work) {
    refuseFlags(parser, "--experiment length",
                {"bases", "base-count", "rotary-fractions", "test-factor", "target"});
    LengthOptions o;
    o.train = train;
    o.schemes = schemeList(parser.value(QStringLiteral("schemes")));
    o.seeds = seedsFrom(parser);
    o.firstSeed = train.seed;
    o.evalSequences = evalSequencesFrom(parser);
    if (parser.isSet(QStringLiteral("test-lengths"))) {
        o.testLengths = lengthList(parser.value(QStringLiteral("test-lengths")), "test-lengths");
    }
    o.methods.clear();
    for (const QString& m : parser.value(QStringLiteral("methods")).split(QLatin1Char(','))) {
        if (!m.trimmed().isEmpty()) {
            // Parsed at the flag: an unknown id is InvalidParameter("method") naming the known
            // ids; "default" is refused by resolveLengthOptions() ("methods").
            o.methods.push_back(scalingMethod(m.trimmed().toStdString()).kind);
        }
    }
    o.fineTuneSteps = intValue(parser, "finetune-steps");
    o.fineTuneLength = intValue(parser, "finetune-length");
    if (o.fineTuneLength < 0) {
        throw InvalidParameter("finetune-length", "--finetune-length must be 0 (2 × --length) or "
                                                  "--length … 1024");
    }
    const bool rope =
        std::find(o.schemes.begin(), o.schemes.end(), PositionScheme::Rope) != o.schemes.end();
    if (!rope) {
        refuseFlags(parser, "--experiment length without rope in --schemes",
                    {"methods", "finetune-steps", "finetune-length"});
        o.methods.clear(); // the default methods apply to rope only
    }
    o = resolveLengthOptions(o);
    // The methods and fine-tunes count for rope only (its methods were cleared above).
    work = lengthExperimentWork(o);
    checkWork(work);
    WorkControl control(nullptr, ProgressPrinter("length"));
    const LengthResult r = runLengthExperiment(o, &control, [](const LengthResult& partial) {
        const LengthRow& row = partial.rows.back();
        std::cerr << "rope-cli lab: length " << positionSchemeId(row.scheme) << " seed " << row.seed
                  << (row.fineTuned ? " fine-tuned" : "") << " done\n";
    });
    std::string rows;
    for (const LengthRow& row : r.rows) {
        std::string acc;
        for (std::size_t k = 0; k < row.accuracy.size(); ++k) {
            acc += (acc.empty() ? "\"" : ",\"") + std::to_string(r.testLengths[k]) +
                   "\":" + jsonNumber(row.accuracy[k]);
        }
        rows += (rows.empty() ? "{" : ",{") + std::string("\"scheme\":") +
                jsonString(positionSchemeId(row.scheme)) + ",\"seed\":" + std::to_string(row.seed) +
                ",\"method\":" + jsonString(std::string(scalingId(row.method))) +
                ",\"fine_tuned\":" + (row.fineTuned ? "true" : "false") +
                ",\"accuracy_by_length\":{" + acc + "}}";
    }
    std::string lengths;
    for (int t : r.testLengths) {
        lengths += (lengths.empty() ? "" : ",") + std::to_string(t);
    }
    std::string methodList;
    for (const ScalingKind m : o.methods) {
        methodList += (methodList.empty() ? "" : ",") + jsonString(std::string(scalingId(m)));
    }
    return "\"rows\":[" + rows + "],\"test_lengths\":[" + lengths + "],\"methods\":[" + methodList +
           "],\"finetune_steps\":" + std::to_string(o.fineTuneSteps) +
           ",\"finetune_length\":" + std::to_string(r.fineTuneLength) +
           ",\"seeds\":" + std::to_string(o.seeds);
}

std::string runBaseCommand(const QCommandLineParser& parser, const TrainOptions& train,
                           double& work) {
    refuseFlags(
        parser, "--experiment base",
        {"schemes", "test-lengths", "methods", "finetune-steps", "finetune-length", "target"});
    if (parser.isSet(QStringLiteral("base"))) {
        throw InvalidParameter("base", "--base does not apply to --experiment base (it sweeps "
                                       "--bases)");
    }
    if (parser.isSet(QStringLiteral("rotary-fraction"))) {
        throw InvalidParameter("rotary-fraction", "--rotary-fraction does not apply to "
                                                  "--experiment base (use --rotary-fractions)");
    }
    BaseOptions o;
    o.train = train;
    o.seeds = seedsFrom(parser);
    o.firstSeed = train.seed;
    o.evalSequences = evalSequencesFrom(parser);
    if (parser.isSet(QStringLiteral("bases"))) {
        o.bases = parseDoubleList(parser.value(QStringLiteral("bases")), QStringLiteral("bases"));
    }
    o.baseCount = intValue(parser, "base-count");
    o.rotaryFractions = parseDoubleList(parser.value(QStringLiteral("rotary-fractions")),
                                        QStringLiteral("rotary-fractions"));
    o.testFactor = intValue(parser, "test-factor");
    o = resolveBaseOptions(o);
    work = baseExperimentWork(o);
    checkWork(work);
    WorkControl control(nullptr, ProgressPrinter("base"));
    const BaseResult r = runBaseExperiment(o, &control, [](const BaseResult& partial) {
        const BasePoint& p = partial.points.back();
        std::cerr << "rope-cli lab: base " << p.base << " fraction " << p.rotaryFraction << " seed "
                  << p.seed << " accuracy at 1x " << p.accuracyTrainLength << ", at test length "
                  << p.accuracyTestLength << '\n';
    });
    std::string bounds;
    for (const BaseBound& b : r.bounds) {
        bounds += (bounds.empty() ? "{" : ",{") + std::string("\"rotary_fraction\":") +
                  jsonNumber(b.rotaryFraction) + ",\"rotary_dim\":" + std::to_string(b.rotaryDim) +
                  ",\"b_star_train\":" + jsonNumber(b.bStarTrain) +
                  ",\"b_star_test\":" + jsonNumber(b.bStarTest) + "}";
    }
    std::string points;
    for (const BasePoint& p : r.points) {
        points += (points.empty() ? "{" : ",{") + std::string("\"base\":") + jsonNumber(p.base) +
                  ",\"rotary_fraction\":" + jsonNumber(p.rotaryFraction) +
                  ",\"seed\":" + std::to_string(p.seed) +
                  ",\"accuracy_train_length\":" + jsonNumber(p.accuracyTrainLength) +
                  ",\"accuracy_test_length\":" + jsonNumber(p.accuracyTestLength) + "}";
    }
    std::string bases;
    for (double b : r.bases) {
        bases += (bases.empty() ? "" : ",") + jsonNumber(b);
    }
    return "\"points\":[" + points + "],\"bounds\":[" + bounds + "],\"bases\":[" + bases +
           "],\"train_length\":" + std::to_string(r.trainLength) +
           ",\"test_length\":" + std::to_string(r.testLength) +
           ",\"seeds\":" + std::to_string(o.seeds);
}

} // namespace

int runLab(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The training lab's experiments (core/train/experiments.h, docs/TRAINING.md).\n"
        "race: every --schemes × --seeds (default 3) model trained on one task; per scheme the "
        "mean and min-max of loss and accuracy per step and the steps to --target accuracy.\n"
        "length: each scheme trained at --length and tested at --test-lengths (default ½, 1, "
        "2, 4, 8 × length); rope also with each --methods scaling at test time (factor "
        "max(1, test/length)), and with --finetune-steps N after N steps at --finetune-length "
        "with that scaling (factor finetune-length/length; PI's recipe), plus the unscaled "
        "continuation (method default).\n"
        "base: rope trained for each of --bases (default --base-count values 10 … 1e6, "
        "log-spaced) and --rotary-fractions, tested at length and --test-factor × length, "
        "beside b*(length, r) and b*(test length, r) of min-base (r the rotary dimension).\n"
        "Work cap: layers × d_model × (d_model + T) × T per sequence of T tokens, summed over "
        "training, fine-tuning and (a third, forward only) evaluation, ≤ 5e11.\n"
        "Progress on stderr. Output (stdout and --out): {\"experiment\", race: \"runs\", "
        "\"schemes\"; length: \"rows\": [{\"scheme\", \"seed\", \"method\", \"fine_tuned\", "
        "\"accuracy_by_length\"}]; base: \"points\", \"bounds\"; \"task\", \"model\", \"work\", "
        "\"work_limit\", \"seconds\"}."));
    addTrainOptions(parser);
    parser.addOptions({
        {QStringLiteral("experiment"), QStringLiteral("race, length or base (required)."),
         QStringLiteral("NAME")},
        {QStringLiteral("schemes"),
         QStringLiteral("race, length: comma-separated position schemes."), QStringLiteral("LIST"),
         QStringLiteral("rope,learned,sinusoidal")},
        {QStringLiteral("target"), QStringLiteral("race: accuracy whose first step is reported."),
         QStringLiteral("A"), QStringLiteral("0.99")},
        {QStringLiteral("test-lengths"),
         QStringLiteral("length: comma-separated test lengths, 2 … 1024."), QStringLiteral("LIST")},
        {QStringLiteral("methods"),
         QStringLiteral("length: scaling methods for rope (registry ids), comma-separated."),
         QStringLiteral("LIST"), QStringLiteral("linear,ntk,dynamic,yarn")},
        {QStringLiteral("finetune-steps"),
         QStringLiteral("length: fine-tuning steps per method, 0 (none) … 100000."),
         QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("finetune-length"),
         QStringLiteral("length: fine-tuning length, 0 (2 × length) or length … 1024."),
         QStringLiteral("L"), QStringLiteral("0")},
        {QStringLiteral("bases"), QStringLiteral("base: comma-separated RoPE bases."),
         QStringLiteral("LIST")},
        {QStringLiteral("base-count"),
         QStringLiteral("base: number of log-spaced bases 10 … 1e6 when --bases is not given, "
                        "2 … 64."),
         QStringLiteral("N"), QStringLiteral("6")},
        {QStringLiteral("rotary-fractions"),
         QStringLiteral("base: comma-separated rotary fractions, each in (0, 1]."),
         QStringLiteral("LIST"), QStringLiteral("1")},
        {QStringLiteral("test-factor"),
         QStringLiteral("base: test length = factor × length (≤ 1024)."), QStringLiteral("K"),
         QStringLiteral("4")},
        {QStringLiteral("out"), QStringLiteral("Also write the JSON to this file."),
         QStringLiteral("FILE")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const std::string experiment =
        requiredValue(parser, QStringLiteral("experiment")).toStdString();
    if (experiment != "race" && experiment != "length" && experiment != "base") {
        throw InvalidParameter("experiment", "unknown experiment '" + experiment +
                                                 "' (valid: race, length, base)");
    }
    const TrainOptions train = trainOptionsFrom(parser);
    const auto start = std::chrono::steady_clock::now();
    double work = 0.0;
    const std::string body = experiment == "race"     ? runRaceCommand(parser, train, work)
                             : experiment == "length" ? runLengthCommand(parser, train, work)
                                                      : runBaseCommand(parser, train, work);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    printAndWriteOut(parser, "{\"experiment\":" + jsonString(experiment) + "," + body + "," +
                                 modelJson(train) + ",\"work\":" + jsonNumber(work) +
                                 ",\"work_limit\":" + jsonNumber(kMaxTrainWork) +
                                 ",\"seconds\":" + jsonNumber(seconds) + "}");
    return 0;
}

int runBenchTrain(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Steps per second of core/train on one model (default: the issue-36 race model, 2 "
        "layers, d_model 64, 4 heads, MLP, length 64, batch 32, RoPE, offset-copy) at each of "
        "--thread-counts, timed over --steps steps (default 20) after one warm-up step. Wall "
        "and CPU time are both reported: on a loaded machine the CPU time per step is the "
        "comparable figure. same_losses says whether every thread count gave bitwise the same "
        "losses.\nOutput: {\"rows\": [{\"threads\", \"steps\", \"wall_seconds\", "
        "\"cpu_seconds\", \"steps_per_second\", \"cpu_ms_per_step\"}], \"same_losses\", "
        "\"model\", …}. Work cap as train (steps × thread counts counted)."));
    addTrainOptions(parser);
    parser.addOptions({
        {QStringLiteral("scheme"), QStringLiteral("Position scheme of the model."),
         QStringLiteral("ID"), QStringLiteral("rope")},
        {QStringLiteral("thread-counts"),
         QStringLiteral("Comma-separated thread counts, each 1 … 256."), QStringLiteral("LIST"),
         QStringLiteral("1,2")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    TrainOptions o = trainOptionsFrom(parser);
    if (!parser.isSet(QStringLiteral("steps"))) {
        o.steps = 20;
    }
    refuseFlags(parser, "bench-train", {"seeds", "eval-sequences"});
    o.model.scheme = parsePositionScheme(parser.value(QStringLiteral("scheme")).toStdString());
    std::vector<int> threadCounts;
    for (double t : parseDoubleList(parser.value(QStringLiteral("thread-counts")),
                                    QStringLiteral("thread-counts"))) {
        if (t != std::floor(t) || t < 1 || t > 256) {
            throw InvalidParameter("thread-counts", "--thread-counts items must be integers 1 … "
                                                    "256, got " +
                                                        jsonNumber(t));
        }
        threadCounts.push_back(static_cast<int>(t));
    }
    o.model.maxLength = std::max(o.model.maxLength, o.length);
    const int steps = o.steps;
    o.steps = steps + 1; // one warm-up step (allocations) before the clock starts
    validate(o);
    const double work = static_cast<double>(o.model.layers) * o.model.dModel * o.model.dModel *
                        o.length * o.batch * o.steps * static_cast<double>(threadCounts.size());
    if (work > kMaxTrainWork) {
        throw InvalidParameter("work", "the benchmark's work layers*d_model^2*length*batch*steps*"
                                       "thread-counts = " +
                                           jsonNumber(work) + " exceeds the limit 5e11");
    }
    std::string rows;
    std::vector<double> reference;
    bool same = true;
    for (int threads : threadCounts) {
        o.threads = threads;
        std::vector<double> losses;
        std::chrono::steady_clock::time_point wallStart;
        std::clock_t cpuStart = 0;
        (void)trainModel(o, nullptr, [&](const CurvePoint& p) {
            losses.push_back(p.loss);
            if (p.step == 1) {
                wallStart = std::chrono::steady_clock::now();
                cpuStart = std::clock();
            }
        });
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
        const double cpu = static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
        if (reference.empty()) {
            reference = losses;
        } else {
            same = same && losses == reference;
        }
        std::cerr << "rope-cli bench-train: " << threads << " thread(s): " << steps / wall
                  << " steps/s, " << 1000.0 * cpu / steps << " ms CPU per step\n";
        rows += (rows.empty() ? "{" : ",{") + std::string("\"threads\":") +
                std::to_string(threads) + ",\"steps\":" + std::to_string(steps) +
                ",\"wall_seconds\":" + jsonNumber(wall) + ",\"cpu_seconds\":" + jsonNumber(cpu) +
                ",\"steps_per_second\":" + jsonNumber(steps / wall) +
                ",\"cpu_ms_per_step\":" + jsonNumber(1000.0 * cpu / steps) + "}";
    }
    o.steps = steps;
    printJson("{\"rows\":[" + rows + "],\"same_losses\":" + (same ? "true" : "false") +
              ",\"scheme\":" + jsonString(positionSchemeId(o.model.scheme)) + "," + modelJson(o) +
              ",\"work\":" + jsonNumber(work) + ",\"work_limit\":" + jsonNumber(kMaxTrainWork) +
              "}");
    return 0;
}

} // namespace rope::cli
