// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <QObject>
#include <QString>

namespace rope::ui {

/// \brief The explorer's single source of truth: owns the RopeParams every panel shows.
///
/// Forms and panels connect only to this object. setParams() validates with core
/// (rope::validate and the scaling method) and either stores the value and emits
/// paramsChanged(), or keeps the previous value and emits rejected() with core's message, so
/// the window can show why (status bar, inline label) instead of crashing.
class ExplorerState : public QObject {
    Q_OBJECT

public:
    explicit ExplorerState(QObject* parent = nullptr);

    const rope::RopeParams& params() const noexcept { return m_params; }

    /// \brief Validates \p params; on success stores them and emits paramsChanged() (only if
    /// they differ from the current ones). \return true if accepted.
    bool setParams(const rope::RopeParams& params);

    /// \brief Message of core's InvalidParameter, or an empty string if \p params are valid.
    static QString validationError(const rope::RopeParams& params, QString* parameter = nullptr);

    /// \brief Layer of the loaded model that the panels show (−1: no per-layer model loaded,
    /// or the model has one RoPE for all layers).
    int layer() const noexcept { return m_layer; }
    /// \brief False when the chosen layer has no RoPE (NoPE): panels then show that reason
    /// instead of drawing plain RoPE with the parameters.
    bool layerHasRope() const noexcept { return m_layerHasRope; }
    /// \brief Records the chosen layer; emits layerChanged() if it differs. The layer's RoPE
    /// parameters themselves go through setParams().
    void setLayer(int index, bool hasRope);

signals:
    void paramsChanged(const rope::RopeParams& params);
    /// The chosen layer (index −1: none) or whether it has RoPE changed.
    void layerChanged(int index, bool hasRope);
    /// \p parameter is core's parameter name ("dim", "factor", …), \p reason its message.
    void rejected(const QString& parameter, const QString& reason);

private:
    rope::RopeParams m_params;
    int m_layer = -1;
    bool m_layerHasRope = true;
};


} // namespace rope::ui
