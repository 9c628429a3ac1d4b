// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <QHash>
#include <QWidget>

#include <span>
#include <string_view>

class QCheckBox;
class QComboBox;
class QLabel;
class QFormLayout;

namespace rope::ui {

class ExplorerState;
class SliderSpinBox;

/// \brief The shared parameters as slider + spin-box rows: the base parameters of
/// core/param_fields.h (head dim d, rotary dim, base b, positions m and n, context L), the
/// layout, the scaling method and the parameters it uses (its registry row's usedParams; the
/// others are hidden).
///
/// Every edit builds a RopeParams and hands it to ExplorerState::setParams(); a refusal shows
/// core's reason in an inline label. Accepted values persist in QSettings under
/// "parameters/<key>", keys being the session keys ("dim", "original-context", …). A control's
/// objectName is its parameter's id.
class ParameterForm : public QWidget {
    Q_OBJECT

public:
    /// \param persistent load saved values now and save every accepted change.
    explicit ParameterForm(ExplorerState& state, bool persistent = true, QWidget* parent = nullptr);

    /// \brief The numeric control with this id (nullptr if none), for tests and shortcuts.
    SliderSpinBox* control(const QString& id) const { return m_controls.value(id, nullptr); }
    QComboBox* methodCombo() const { return m_method; }
    QComboBox* layoutCombo() const { return m_layoutBox; }
    QCheckBox* truncateBox() const;
    /// \brief Ids of the scaling fields the form has a row for, in display order.
    static std::span<const std::string_view> scalingRowIds();
    /// \brief Whether the row of \p id is currently shown (scaling parameters depend on method).
    bool isRowVisible(const QString& id) const;

    /// \brief Back to RopeParams{} defaults.
    void reset();

protected:
    /// The validation message's red follows the theme (dark red on light, light red on dark).
    void changeEvent(QEvent* event) override;

private:
    void colourErrorText();
    void onEdited();
    void showParams(const rope::RopeParams& params);
    void updateVisibleRows();
    void onRejected(const QString& parameter, const QString& reason);
    rope::RopeParams paramsFromControls() const;
    void save(const rope::RopeParams& params) const;
    rope::RopeParams loadSaved() const;

    ExplorerState& m_state;
    bool m_persistent;
    QFormLayout* m_layout;
    QHash<QString, SliderSpinBox*> m_controls;
    QComboBox* m_method;
    QComboBox* m_layoutBox;
    QHash<QString, QCheckBox*> m_toggles;
    QLabel* m_error;
    QLabel* m_methodSummary;
};

} // namespace rope::ui
