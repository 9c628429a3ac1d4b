// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/explorer_state.h"

#include "core/scaling/scaling_registry.h"

#include <tuple>

namespace rope::ui {

namespace {
auto tie(const rope::ScalingParams& s) {
    return std::tie(s.method, s.factor, s.originalContext, s.seqLen, s.betaFast, s.betaSlow,
                    s.mscale, s.mscaleAllDim, s.attentionFactor, s.truncate, s.lowFreqFactor,
                    s.highFreqFactor, s.shortFactor, s.longFactor, s.rotatedPairs);
}
} // namespace

bool sameParams(const rope::RopeParams& a, const rope::RopeParams& b) {
    return std::tie(a.headDim, a.rotaryDim, a.base, a.m, a.n, a.context, a.layout) ==
               std::tie(b.headDim, b.rotaryDim, b.base, b.m, b.n, b.context, b.layout) &&
           tie(a.scaling) == tie(b.scaling);
}

ExplorerState::ExplorerState(QObject* parent) : QObject(parent) {}

QString ExplorerState::validationError(const rope::RopeParams& params, QString* parameter) {
    try {
        // scaledFrequencies() runs rope::validate() and then the method's own checks.
        (void)rope::scaledFrequencies(params);
    } catch (const rope::InvalidParameter& e) {
        if (parameter != nullptr) {
            *parameter = QString::fromStdString(e.parameter());
        }
        return QString::fromUtf8(e.what());
    }
    return {};
}

bool ExplorerState::setParams(const rope::RopeParams& params) {
    QString parameter;
    const QString error = validationError(params, &parameter);
    if (!error.isEmpty()) {
        emit rejected(parameter, error);
        return false;
    }
    if (sameParams(params, m_params)) {
        return true;
    }
    m_params = params;
    emit paramsChanged(m_params);
    return true;
}

void ExplorerState::setLayer(int index, bool hasRope) {
    if (index < 0) {
        hasRope = true; // no layer chosen: the parameters are all there is
    }
    if (index == m_layer && hasRope == m_layerHasRope) {
        return;
    }
    m_layer = index;
    m_layerHasRope = hasRope;
    emit layerChanged(m_layer, m_layerHasRope);
}

} // namespace rope::ui
