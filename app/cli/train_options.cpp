// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/train_options.h"

#include "app/cli/cli_common.h"
#include "core/parallel.h"
#include "io/file_access.h"

#include <algorithm>
#include <cmath>

namespace rope::cli {

using namespace rope::train;

void addTrainOptions(QCommandLineParser& parser) {
    parser.addOptions({
        {QStringLiteral("task"), QStringLiteral("offset-copy, induction or position-parity."),
         QStringLiteral("T"), QStringLiteral("offset-copy")},
        {QStringLiteral("layers"), QStringLiteral("Layers, 1 … 4."), QStringLiteral("N"),
         QStringLiteral("2")},
        {QStringLiteral("d-model"), QStringLiteral("Model width, 16 … 128."), QStringLiteral("C"),
         QStringLiteral("64")},
        {QStringLiteral("heads"), QStringLiteral("Heads, 1 … 8 (d-model/heads even)."),
         QStringLiteral("H"), QStringLiteral("4")},
        {QStringLiteral("no-mlp"), QStringLiteral("Attention-only layers.")},
        {QStringLiteral("activation"), QStringLiteral("MLP activation: gelu or relu."),
         QStringLiteral("NAME"), QStringLiteral("gelu")},
        {QStringLiteral("vocab"), QStringLiteral("Vocabulary size, 2 … 512."), QStringLiteral("V"),
         QStringLiteral("16")},
        {QStringLiteral("offset"), QStringLiteral("offset-copy: the offset k."),
         QStringLiteral("K"), QStringLiteral("4")},
        {QStringLiteral("steps"), QStringLiteral("AdamW steps, 1 … 100000."), QStringLiteral("N"),
         QStringLiteral("300")},
        {QStringLiteral("batch"), QStringLiteral("Sequences per step, 1 … 1024."),
         QStringLiteral("B"), QStringLiteral("32")},
        {QStringLiteral("length"), QStringLiteral("Training length, 2 … 1024."),
         QStringLiteral("L"), QStringLiteral("64")},
        {QStringLiteral("eval-sequences"),
         QStringLiteral("Held-out sequences per test length, 1 … 4096."), QStringLiteral("N"),
         QStringLiteral("64")},
        {QStringLiteral("base"), QStringLiteral("RoPE / p-RoPE / sinusoidal base."),
         QStringLiteral("B"), QStringLiteral("10000")},
        {QStringLiteral("rotary-fraction"), QStringLiteral("RoPE: fraction of a head rotated."),
         QStringLiteral("F"), QStringLiteral("1")},
        {QStringLiteral("layout"), QStringLiteral("RoPE pair layout: interleaved or half."),
         QStringLiteral("NAME"), QStringLiteral("interleaved")},
        {QStringLiteral("p"), QStringLiteral("p-RoPE: fraction of frequencies kept, 0 … 1."),
         QStringLiteral("P"), QStringLiteral("0.75")},
        {QStringLiteral("seeds"), QStringLiteral("Seeds per scheme, 1 … 100 (seed, seed+1, …)."),
         QStringLiteral("N"), QStringLiteral("1")},
        {QStringLiteral("seed"), QStringLiteral("First seed, 0 … 2^30."), QStringLiteral("S"),
         QStringLiteral("1")},
        {QStringLiteral("threads"), QStringLiteral("Worker threads, 0 (all cores) … 256."),
         QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("lr"), QStringLiteral("AdamW learning rate, (0, 1]."),
         QStringLiteral("ETA"), QStringLiteral("0.003")},
        {QStringLiteral("weight-decay"), QStringLiteral("AdamW decoupled weight decay, 0 … 1."),
         QStringLiteral("W"), QStringLiteral("0.01")},
        {QStringLiteral("clip"), QStringLiteral("Global gradient-norm clip, 0 = none."),
         QStringLiteral("C"), QStringLiteral("1")},
    });
}

int intValue(const QCommandLineParser& parser, const char* flag) {
    const long long v =
        parseInteger(parser.value(QString::fromLatin1(flag)), QString::fromLatin1(flag));
    if (v < -(1LL << 30) || v > (1LL << 30)) {
        throw InvalidParameter(flag, std::string("--") + flag + " is out of range");
    }
    return static_cast<int>(v);
}

std::vector<int> lengthList(const QString& text, const char* flag) {
    std::vector<int> out;
    for (double v : parseDoubleList(text, QString::fromLatin1(flag))) {
        if (v != std::floor(v) || v < 2 || v > rope::train::limits::kMaxTrainLength) {
            throw InvalidParameter(flag, std::string("--") + flag + " items must be integers 2 … " +
                                             std::to_string(rope::train::limits::kMaxTrainLength) +
                                             ", got " + jsonNumber(v));
        }
        out.push_back(static_cast<int>(v));
    }
    return out;
}

std::vector<PositionScheme> schemeList(const QString& text) {
    std::vector<PositionScheme> schemes;
    for (const QString& id : text.split(QLatin1Char(','))) {
        const PositionScheme s = parsePositionScheme(id.trimmed().toStdString());
        if (std::find(schemes.begin(), schemes.end(), s) != schemes.end()) {
            throw InvalidParameter("schemes", "--schemes names '" + id.toStdString() + "' twice");
        }
        schemes.push_back(s);
    }
    return schemes;
}

TrainOptions trainOptionsFrom(const QCommandLineParser& parser) {
    TrainOptions o;
    o.task.task = parseTask(parser.value(QStringLiteral("task")).toStdString());
    o.model.layers = intValue(parser, "layers");
    o.model.dModel = intValue(parser, "d-model");
    o.model.heads = intValue(parser, "heads");
    o.model.mlp = !parser.isSet(QStringLiteral("no-mlp"));
    o.model.activation = parseActivation(parser.value(QStringLiteral("activation")).toStdString());
    o.model.vocab = intValue(parser, "vocab");
    o.task.vocab = o.model.vocab;
    o.task.offset = intValue(parser, "offset");
    o.steps = intValue(parser, "steps");
    o.batch = intValue(parser, "batch");
    o.length = intValue(parser, "length");
    o.model.base = parseDouble(parser.value(QStringLiteral("base")), QStringLiteral("base"));
    o.model.rotaryFraction = parseDouble(parser.value(QStringLiteral("rotary-fraction")),
                                         QStringLiteral("rotary-fraction"));
    o.model.layout = parseLayout(parser.value(QStringLiteral("layout")).toStdString());
    o.model.pRopeFraction = parseDouble(parser.value(QStringLiteral("p")), QStringLiteral("p"));
    o.optimizer.lr = parseDouble(parser.value(QStringLiteral("lr")), QStringLiteral("lr"));
    o.optimizer.weightDecay =
        parseDouble(parser.value(QStringLiteral("weight-decay")), QStringLiteral("weight-decay"));
    o.optimizer.clipNorm =
        parseDouble(parser.value(QStringLiteral("clip")), QStringLiteral("clip"));
    o.threads = resolveThreads(intValue(parser, "threads"));
    o.seed = static_cast<std::uint64_t>(firstSeedFrom(parser));
    return o;
}

int seedsFrom(const QCommandLineParser& parser) {
    const int seeds = intValue(parser, "seeds");
    if (seeds < 1 || seeds > 100) {
        throw InvalidParameter("seeds", "--seeds must be 1 … 100, got " + std::to_string(seeds));
    }
    return seeds;
}

int firstSeedFrom(const QCommandLineParser& parser) {
    const int firstSeed = intValue(parser, "seed");
    if (firstSeed < 0) {
        throw InvalidParameter("seed", "--seed must be 0 … 2^30");
    }
    return firstSeed;
}

int evalSequencesFrom(const QCommandLineParser& parser) {
    const int n = intValue(parser, "eval-sequences");
    if (n < 1 || n > 4096) {
        throw InvalidParameter("eval-sequences",
                               "--eval-sequences must be 1 … 4096, got " + std::to_string(n));
    }
    return n;
}

void writeAtomically(const std::string& path, const QByteArray& bytes, const char* flag) {
    const QString why = rope::io::writeFileAtomically(QString::fromStdString(path), bytes);
    if (!why.isEmpty()) {
        throw InvalidParameter(flag, "cannot write " + path + ": " + why.toStdString());
    }
}

void printAndWriteOut(const QCommandLineParser& parser, const std::string& json) {
    if (parser.isSet(QStringLiteral("out"))) {
        writeAtomically(parser.value(QStringLiteral("out")).toStdString(),
                        QByteArray::fromStdString(json + '\n'), "out");
    }
    printJson(json);
}

} // namespace rope::cli
