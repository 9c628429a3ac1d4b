// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QDoubleSpinBox;
class QSlider;

namespace rope::ui {

/// \brief A slider with a typed spin box beside it, both editing one number.
///
/// The slider maps linearly or logarithmically onto [sliderMin, sliderMax] (a log slider gives
/// equal travel to 64…128 and 524288…1048576); the spin box accepts the wider [min, max] and
/// exact typing. Values snap to a multiple of step (e.g. 2 for an even head dimension).
class SliderSpinBox : public QWidget {
    Q_OBJECT

public:
    struct Spec {
        double min = 0; ///< spin box range
        double max = 1;
        double sliderMin = 0; ///< slider range (within [min, max]; > 0 when log)
        double sliderMax = 1;
        bool logScale = false;
        int decimals = 0;
        double step = 1; ///< snapping and spin-box step; 0: no snapping
        QString suffix = {};
        QString specialValueText = {}; ///< shown at min (e.g. "auto")
    };

    explicit SliderSpinBox(const Spec& spec, QWidget* parent = nullptr);

    double value() const;
    /// Sets the value without emitting valueChanged().
    void setValueSilently(double value);
    /// Changes the slider's range (e.g. m up to the context length).
    void setSliderRange(double sliderMin, double sliderMax);
    void setToolTips(const QString& text);

    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spin; }

signals:
    /// The user moved the slider or typed a value.
    void valueChanged(double value);

private:
    void onSliderMoved(int position);
    void onSpinChanged(double value);
    int sliderPosition(double value) const;
    double snap(double value) const;

    Spec m_spec;
    QSlider* m_slider;
    QDoubleSpinBox* m_spin;
};

} // namespace rope::ui
