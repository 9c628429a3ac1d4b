// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/slider_spin_box.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>

namespace rope::ui {

namespace {
constexpr int kSliderTicks = 1000;
}

SliderSpinBox::SliderSpinBox(const Spec& spec, QWidget* parent)
    : QWidget(parent), m_spec(spec), m_slider(new QSlider(Qt::Horizontal, this)),
      m_spin(new QDoubleSpinBox(this)) {
    m_slider->setRange(0, kSliderTicks);
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_spin->setRange(spec.min, spec.max);
    m_spin->setDecimals(spec.decimals);
    m_spin->setSingleStep(spec.step > 0 ? spec.step : std::pow(10.0, -spec.decimals));
    m_spin->setSuffix(spec.suffix);
    m_spin->setSpecialValueText(spec.specialValueText);
    m_spin->setKeyboardTracking(false); // typing "4096" must not try 4, 40, 409 on the way
    // Capped, not sized for the range's longest value (a base box sized for 1e12 with two
    // decimals took most of the 290 px parameter column at 1280×800 and left the slider a
    // handle): room for "1000000.00", and the slider takes the rest.
    m_spin->setMinimumWidth(72);
    m_spin->setMaximumWidth(96);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);
    setFocusProxy(m_slider);
    connect(m_slider, &QSlider::valueChanged, this, &SliderSpinBox::onSliderMoved);
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, &SliderSpinBox::onSpinChanged);
}

double SliderSpinBox::value() const {
    return m_spin->value();
}

double SliderSpinBox::snap(double value) const {
    if (m_spec.step > 0) {
        value = std::round(value / m_spec.step) * m_spec.step;
    }
    return std::clamp(value, m_spec.min, m_spec.max);
}

int SliderSpinBox::sliderPosition(double value) const {
    const double lo = m_spec.sliderMin;
    const double hi = m_spec.sliderMax;
    double t = 0;
    if (hi > lo) {
        if (m_spec.logScale) {
            t = value <= lo ? 0.0 : std::log(value / lo) / std::log(hi / lo);
        } else {
            t = (value - lo) / (hi - lo);
        }
    }
    return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSliderTicks));
}

void SliderSpinBox::setValueSilently(double value) {
    const QSignalBlocker blockSpin(m_spin);
    const QSignalBlocker blockSlider(m_slider);
    m_spin->setValue(value);
    m_slider->setValue(sliderPosition(value));
}

void SliderSpinBox::setSliderRange(double sliderMin, double sliderMax) {
    m_spec.sliderMin = sliderMin;
    m_spec.sliderMax = sliderMax;
    const QSignalBlocker block(m_slider);
    m_slider->setValue(sliderPosition(m_spin->value()));
}

void SliderSpinBox::setToolTips(const QString& text) {
    m_slider->setToolTip(text);
    m_spin->setToolTip(text);
}

void SliderSpinBox::onSliderMoved(int position) {
    const double t = static_cast<double>(position) / kSliderTicks;
    const double lo = m_spec.sliderMin;
    const double hi = m_spec.sliderMax;
    const double v = m_spec.logScale ? lo * std::pow(hi / lo, t) : lo + t * (hi - lo);
    const double snapped = snap(v);
    {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(snapped);
    }
    emit valueChanged(m_spin->value());
}

void SliderSpinBox::onSpinChanged(double value) {
    const double snapped = snap(value);
    if (snapped != value) {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(snapped);
    }
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(sliderPosition(snapped));
    }
    emit valueChanged(m_spin->value());
}

} // namespace rope::ui
