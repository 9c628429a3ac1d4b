// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "app/cli/train_options.h"
#include "core/parallel.h"
#include "core/scaling/scaling_registry.h"
#include "core/train/experiments.h"
#include "core/train/inside.h"
#include "core/train/trainer.h"

#include <QDir>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iostream>

namespace rope::cli {

namespace {

using namespace rope::train;

// safetensors: an 8-byte little-endian header size, a JSON header naming each tensor's dtype,
// shape and byte range, then the raw little-endian data (here F32, row-major: the flat
// parameter vector already is, see ParamTensor).
void writeSafetensors(const std::string& path, const Transformer<float>& model) {
    std::string header = "{";
    std::uint64_t offset = 0;
    for (const ParamTensor& t : model.layout()) {
        const std::uint64_t bytes = static_cast<std::uint64_t>(t.rows) * t.cols * 4;
        header += (header.size() > 1 ? "," : "") + jsonString(t.name) +
                  ":{\"dtype\":\"F32\",\"shape\":[" + std::to_string(t.rows) +
                  (t.vector ? "" : "," + std::to_string(t.cols)) + "],\"data_offsets\":[" +
                  std::to_string(offset) + "," + std::to_string(offset + bytes) + "]}";
        offset += bytes;
    }
    header += ",\"__metadata__\":{\"format\":\"pt\"}}";
    while (header.size() % 8 != 0) {
        header += ' ';
    }
    QByteArray out;
    const std::uint64_t size = header.size();
    for (int i = 0; i < 8; ++i) {
        out.append(static_cast<char>((size >> (8 * i)) & 0xFF));
    }
    out.append(header.data(), static_cast<qsizetype>(header.size()));
    for (Eigen::Index i = 0; i < model.parameters().size(); ++i) {
        std::uint32_t bits = 0;
        const float v = model.parameters()[i];
        std::memcpy(&bits, &v, 4);
        for (int k = 0; k < 4; ++k) {
            out.append(static_cast<char>((bits >> (8 * k)) & 0xFF));
        }
    }
    writeAtomically(path, out, "save");
}

// A Llama-style config.json: what `rope-cli weights --model` (io/weights_probe.cpp) reads to
// find the q/k projections and their rotary pairs, plus the lab's own fields.
void writeConfig(const std::string& path, const ModelConfig& c, const std::string& scheme,
                 int trainLength) {
    const int headDim = c.dModel / c.heads;
    const int rotary = c.scheme == PositionScheme::Rope
                           ? 2 * static_cast<int>(std::floor(c.rotaryFraction * headDim / 2.0))
                           : headDim;
    std::string json = "{\"model_type\":\"llama\",\"architectures\":[\"LlamaForCausalLM\"]";
    json += ",\"hidden_size\":" + std::to_string(c.dModel) +
            ",\"num_hidden_layers\":" + std::to_string(c.layers) +
            ",\"num_attention_heads\":" + std::to_string(c.heads) +
            ",\"num_key_value_heads\":" + std::to_string(c.heads) +
            ",\"head_dim\":" + std::to_string(headDim) +
            ",\"intermediate_size\":" + std::to_string(4 * c.dModel) +
            ",\"vocab_size\":" + std::to_string(c.vocab) +
            ",\"max_position_embeddings\":" + std::to_string(trainLength) +
            ",\"rope_theta\":" + jsonNumber(c.base) +
            ",\"partial_rotary_factor\":" + jsonNumber(static_cast<double>(rotary) / headDim) +
            ",\"rope_interleave\":" + (c.layout == Layout::Interleaved ? "true" : "false") +
            ",\"rms_norm_eps\":1e-05,\"tie_word_embeddings\":false" + ",\"hidden_act\":" +
            jsonString(c.activation == Activation::Gelu ? "gelu_pytorch_tanh" : "relu") +
            ",\"rope_explorer_position_scheme\":" + jsonString(scheme) + "}";
    writeAtomically(path, QByteArray::fromStdString(json + '\n'), "save");
}

} // namespace

int runTrain(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Trains small decoder-only transformers (core/train) on a synthetic task, once per "
        "position scheme and seed, and tests each on held-out sequences at several lengths.\n"
        "Tasks: offset-copy (target = the token --offset back), induction (target = what "
        "followed the previous occurrence of the current token; repeat distance varies per "
        "sequence), position-parity (target = (token + position) mod 2).\n"
        "Work cap: layers × d_model² × length × batch × steps × seeds × schemes ≤ 5e11.\n"
        "Progress on stderr. Output (stdout and --out): {\"runs\": [{\"scheme\", \"seed\", "
        "\"curve\": [{\"step\", \"loss\", \"accuracy\"}], \"accuracy_by_length\": "
        "{\"64\": a, …}, \"accuracy_by_length_scaled\" (rope with --scaling), "
        "\"steps_to_99\", \"seconds\", \"pair_norms\", \"pair_norms_initial\"}], \"task\", "
        "\"model\", \"work\", \"work_limit\"}. The curve's accuracy is that of each step's fresh "
        "batch before the update. pair_norms: per pair i, the sum over layers and heads of "
        "‖W_q(i)‖·‖W_k(i)‖ (the rows rope-cli weights reads) after training; "
        "pair_norms_initial: the same at the initial weights (for schemes other than rope the "
        "rows are grouped the same way over the whole head, with no rotation behind them)."));
    addTrainOptions(parser);
    parser.addOptions({
        {QStringLiteral("schemes"),
         QStringLiteral("Comma-separated position schemes: nope, learned, sinusoidal, rope, "
                        "alibi, t5, p-rope."),
         QStringLiteral("LIST"), QStringLiteral("rope,alibi,nope")},
        {QStringLiteral("test-lengths"),
         QStringLiteral("Comma-separated test lengths (2 … 1024); default L,2L,4L (capped)."),
         QStringLiteral("LIST")},
        {QStringLiteral("scaling"),
         QStringLiteral("RoPE at test time: a scaling method id (linear, ntk, dynamic, yarn, …) "
                        "applied with factor max(1, test length / L) and original context L; "
                        "reported as accuracy_by_length_scaled."),
         QStringLiteral("METHOD"), QStringLiteral("default")},
        {QStringLiteral("out"), QStringLiteral("Also write the JSON to this file."),
         QStringLiteral("FILE")},
        {QStringLiteral("save"),
         QStringLiteral("Save each trained model to DIR/<scheme>-seed<S>/ as config.json + "
                        "model.safetensors (F32), readable by rope-cli weights --model."),
         QStringLiteral("DIR")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }

    TrainOptions base = trainOptionsFrom(parser);
    const int seeds = seedsFrom(parser);
    const int firstSeed = firstSeedFrom(parser);
    const int evalSequences = evalSequencesFrom(parser);
    const std::string scalingMethodId = parser.value(QStringLiteral("scaling")).toStdString();

    const std::vector<PositionScheme> schemes = schemeList(parser.value(QStringLiteral("schemes")));
    // Any --scaling other than "default" (an unknown id too) needs rope among the schemes; that
    // check comes first, then the id is parsed (InvalidParameter("method") naming the known ids).
    if (parseScalingKind(scalingMethodId) != ScalingKind::Default &&
        std::find(schemes.begin(), schemes.end(), PositionScheme::Rope) == schemes.end()) {
        throw InvalidParameter("scaling",
                               "--scaling applies to rope, which --schemes does not name");
    }
    const ScalingKind scalingKind = scalingMethod(scalingMethodId).kind;

    std::vector<int> testLengths;
    if (parser.isSet(QStringLiteral("test-lengths"))) {
        testLengths = lengthList(parser.value(QStringLiteral("test-lengths")), "test-lengths");
    } else {
        for (int factor : {1, 2, 4}) {
            if (static_cast<long long>(base.length) * factor <=
                rope::train::limits::kMaxTrainLength) {
                testLengths.push_back(base.length * factor);
            }
        }
    }
    // The learned table has a row for every length asked about; rows past the training length
    // are never trained and keep their initial random values (ModelConfig::maxLength).
    base.model.maxLength =
        std::max(base.length, *std::max_element(testLengths.begin(), testLengths.end()));

    // Validate everything (sizes, scheme settings) before any work, for every scheme.
    for (PositionScheme s : schemes) {
        TrainOptions o = base;
        o.model.scheme = s;
        validate(o);
        for (int length : testLengths) {
            validate(o.task, length);
        }
        if (s == PositionScheme::Rope && scalingKind != ScalingKind::Default) {
            // The scaling method's own checks (fields it needs, ranges) before any training.
            const Transformer<float> probe(o.model);
            for (int length : testLengths) {
                (void)probe.positions(
                    length, testTimeScaling(scalingKind,
                                            std::max(1.0, static_cast<double>(length) / o.length),
                                            o.length, length));
            }
        }
    }
    const double work = static_cast<double>(base.model.layers) * base.model.dModel *
                        base.model.dModel * base.length * base.batch * base.steps * seeds *
                        static_cast<double>(schemes.size());
    if (work > kMaxTrainWork) {
        throw InvalidParameter("work", "the run's work layers*d_model^2*length*batch*steps*seeds*"
                                       "schemes = " +
                                           jsonNumber(work) + " exceeds the limit 5e11");
    }

    QString saveDir;
    if (parser.isSet(QStringLiteral("save"))) {
        saveDir = parser.value(QStringLiteral("save"));
        if (!QDir().mkpath(saveDir)) {
            throw InvalidParameter("save", "cannot create directory " + saveDir.toStdString());
        }
    }

    std::string runs;
    for (PositionScheme scheme : schemes) {
        for (int k = 0; k < seeds; ++k) {
            TrainOptions o = base;
            o.model.scheme = scheme;
            o.seed = static_cast<std::uint64_t>(firstSeed) + static_cast<std::uint64_t>(k);
            const std::string id = positionSchemeId(scheme);
            const auto start = std::chrono::steady_clock::now();
            const int every = std::max(1, o.steps / 10);
            const TrainRun run = trainModel(o, nullptr, [&](const CurvePoint& p) {
                if (p.step % every == 0 || p.step == o.steps) {
                    std::cerr << "rope-cli train: " << id << " seed " << o.seed << " step "
                              << p.step << "/" << o.steps << " loss " << p.loss << " accuracy "
                              << p.accuracy << '\n';
                }
            });
            std::string byLength;
            std::string byLengthScaled;
            for (int length : testLengths) {
                const Evaluation e =
                    evaluate(run.model, o.task, length, evalSequences, o.seed, {}, o.threads);
                byLength += (byLength.empty() ? "\"" : ",\"") + std::to_string(length) +
                            "\":" + jsonNumber(e.accuracy);
                if (scalingKind != ScalingKind::Default && scheme == PositionScheme::Rope) {
                    const ScalingParams scaling = testTimeScaling(
                        scalingKind, std::max(1.0, static_cast<double>(length) / o.length),
                        o.length, length);
                    const Evaluation s = evaluate(run.model, o.task, length, evalSequences, o.seed,
                                                  scaling, o.threads);
                    byLengthScaled += (byLengthScaled.empty() ? "\"" : ",\"") +
                                      std::to_string(length) + "\":" + jsonNumber(s.accuracy);
                }
            }
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::string curve;
            int stepsTo99 = -1;
            for (const CurvePoint& p : run.curve) {
                curve += (curve.empty() ? "{\"step\":" : ",{\"step\":") + std::to_string(p.step) +
                         ",\"loss\":" + jsonNumber(p.loss) +
                         ",\"accuracy\":" + jsonNumber(p.accuracy) + "}";
                if (stepsTo99 < 0 && p.accuracy >= 0.99) {
                    stepsTo99 = p.step;
                }
            }
            // Σ over layers and heads of ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ per pair i (core/train/inside.h), after
            // training and at the initial weights it started from: what grew, pair by pair.
            const auto pairList = [](const std::vector<double>& values) {
                std::string out;
                for (double v : values) {
                    out += (out.empty() ? "" : ",") + jsonNumber(v);
                }
                return "[" + out + "]";
            };
            const std::string pairNormsJson =
                ",\"pair_norms\":" + pairList(pairNorms(run.model).summed()) +
                ",\"pair_norms_initial\":" + pairList(pairNorms(initialModel(o)).summed());
            runs += (runs.empty() ? "{" : ",{") + std::string("\"scheme\":") + jsonString(id) +
                    ",\"seed\":" + std::to_string(o.seed) + ",\"curve\":[" + curve +
                    "],\"accuracy_by_length\":{" + byLength + "}" +
                    (byLengthScaled.empty()
                         ? ""
                         : ",\"accuracy_by_length_scaled\":{" + byLengthScaled + "}") +
                    ",\"steps_to_99\":" + (stepsTo99 < 0 ? "null" : std::to_string(stepsTo99)) +
                    ",\"seconds\":" + jsonNumber(seconds) + pairNormsJson + "}";
            std::cerr << "rope-cli train: " << id << " seed " << o.seed << " done in " << seconds
                      << " s\n";
            if (!saveDir.isEmpty()) {
                const QString dir =
                    saveDir +
                    QStringLiteral("/%1-seed%2").arg(QString::fromStdString(id)).arg(o.seed);
                if (!QDir().mkpath(dir)) {
                    throw InvalidParameter("save", "cannot create directory " + dir.toStdString());
                }
                writeConfig((dir + QStringLiteral("/config.json")).toStdString(), o.model, id,
                            o.length);
                writeSafetensors((dir + QStringLiteral("/model.safetensors")).toStdString(),
                                 run.model);
            }
        }
    }
    const ModelConfig& m = base.model;
    const std::string json =
        "{\"runs\":[" + runs + "],\"task\":{\"id\":" + jsonString(taskId(base.task.task)) +
        ",\"vocab\":" + std::to_string(base.task.vocab) +
        ",\"offset\":" + std::to_string(base.task.offset) +
        "},\"model\":{\"layers\":" + std::to_string(m.layers) +
        ",\"d_model\":" + std::to_string(m.dModel) + ",\"heads\":" + std::to_string(m.heads) +
        ",\"mlp\":" + (m.mlp ? "true" : "false") +
        ",\"activation\":" + jsonString(activationId(m.activation)) +
        ",\"base\":" + jsonNumber(m.base) + ",\"rotary_fraction\":" + jsonNumber(m.rotaryFraction) +
        ",\"layout\":" + jsonString(layoutId(m.layout)) + ",\"p\":" + jsonNumber(m.pRopeFraction) +
        "},\"length\":" + std::to_string(base.length) + ",\"batch\":" + std::to_string(base.batch) +
        ",\"steps\":" + std::to_string(base.steps) + ",\"lr\":" + jsonNumber(base.optimizer.lr) +
        ",\"threads\":" + std::to_string(base.threads) +
        ",\"scaling\":" + jsonString(scalingMethodId) + ",\"work\":" + jsonNumber(work) +
        ",\"work_limit\":" + jsonNumber(kMaxTrainWork) + "}";
    printAndWriteOut(parser, json);
    return 0;
}

} // namespace rope::cli
