// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/model/params_check.h"

#include "core/scaling/scaling_registry.h"

#include <algorithm>

namespace rope::ui {

bool resetParameter(RopeParams& params, std::string_view parameter) {
    const RopeParams d;
    ScalingParams& s = params.scaling;
    const ScalingParams& ds = d.scaling;
    if (parameter == "dim") {
        params.headDim = d.headDim;
        // A rotary dim read for the old head dim may no longer fit; "all of it" always does.
        params.rotaryDim = 0;
    } else if (parameter == "rotary-dim") {
        params.rotaryDim = d.rotaryDim;
    } else if (parameter == "base") {
        params.base = d.base;
    } else if (parameter == "m") {
        params.m = d.m;
    } else if (parameter == "n") {
        params.n = d.n;
    } else if (parameter == "context") {
        params.context = d.context;
    } else if (parameter == "layout") {
        params.layout = d.layout;
    } else if (parameter == "method") {
        s = ds;
    } else if (parameter == "factor") {
        s.factor = ds.factor;
    } else if (parameter == "original-context") {
        s.originalContext = ds.originalContext;
    } else if (parameter == "seq-len") {
        s.seqLen = ds.seqLen;
    } else if (parameter == "beta-fast" || parameter == "beta-slow") {
        // The two are checked against each other, so both go back to the paper's 32/1.
        s.betaFast = ds.betaFast;
        s.betaSlow = ds.betaSlow;
    } else if (parameter == "mscale") {
        s.mscale = ds.mscale;
    } else if (parameter == "mscale-all-dim") {
        s.mscaleAllDim = ds.mscaleAllDim;
    } else if (parameter == "attention-factor") {
        s.attentionFactor = ds.attentionFactor;
    } else if (parameter == "low-freq-factor" || parameter == "high-freq-factor") {
        s.lowFreqFactor = ds.lowFreqFactor;
        s.highFreqFactor = ds.highFreqFactor;
    } else {
        return false;
    }
    return true;
}

QStringList repairParams(RopeParams& params,
                         const std::function<QString(const std::string& parameter)>& fieldOf) {
    // Each repair resets one field to a valid default, and there are fewer than 32 fields, so
    // the loop ends well before the bound; the bound only guards against a future core check
    // that a default value does not satisfy.
    constexpr int kMaxRepairs = 32;
    QStringList messages;
    for (int attempt = 0; attempt <= kMaxRepairs; ++attempt) {
        try {
            validate(params);
            scaledFrequencies(params);
            return messages;
        } catch (const InvalidParameter& e) {
            messages << fieldOf(e.parameter()) + QStringLiteral(": ") +
                            QString::fromStdString(e.what());
            if (attempt == kMaxRepairs || !resetParameter(params, e.parameter())) {
                params = RopeParams{};
                return messages;
            }
        }
    }
    params = RopeParams{};
    return messages;
}

QString jsonParseErrorText(const QByteArray& json, const QJsonParseError& error) {
    const qsizetype offset = std::clamp<qsizetype>(error.offset, 0, json.size());
    const QByteArray before = json.left(offset);
    const qsizetype line = before.count('\n') + 1;
    const qsizetype column = offset - (before.lastIndexOf('\n') + 1) + 1;
    return QStringLiteral("line %1, column %2 (offset %3): %4")
        .arg(line)
        .arg(column)
        .arg(offset)
        .arg(error.errorString());
}

} // namespace rope::ui
