// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/explorer_state.h"

#include "core/scaling/scaling_registry.h"

namespace rope::ui {

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
    if (params == m_params) {
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
