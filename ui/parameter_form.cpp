// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/parameter_form.h"

#include "core/param_fields.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_registry.h"
#include "io/params_check.h"
#include "ui/app_theme.h"
#include "ui/explorer_state.h"
#include "ui/slider_spin_box.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <vector>

namespace rope::ui {

namespace {

// The names and summaries of core/scaling/scaling_registry.cpp, marked for lupdate (core has
// no Qt). tst_translations fails when a registry row has no translation here.
[[maybe_unused]] constexpr const char* kScalingMethodTexts[] = {
    QT_TRANSLATE_NOOP("ScalingMethods", "None (original RoPE)"),
    QT_TRANSLATE_NOOP("ScalingMethods", "θ_i = b^(-2i/d), unchanged."),
    QT_TRANSLATE_NOOP("ScalingMethods", "Linear (position interpolation)"),
    QT_TRANSLATE_NOOP("ScalingMethods", "θ'_i = θ_i / s: positions squeezed by s; attention 1."),
    QT_TRANSLATE_NOOP("ScalingMethods", "NTK-aware"),
    QT_TRANSLATE_NOOP("ScalingMethods", "b' = b·s^(d/(d-2)): fastest pair kept, slowest divided by s; attention 1."),
    QT_TRANSLATE_NOOP("ScalingMethods", "Dynamic NTK"),
    QT_TRANSLATE_NOOP("ScalingMethods", "b' = b·(s·L/L0 - (s-1))^(d/(d-2)), L = max(seq-len, L0); attention 1."),
    QT_TRANSLATE_NOOP("ScalingMethods", "YaRN"),
    QT_TRANSLATE_NOOP("ScalingMethods", "Pairs with > beta-fast turns over L0 keep θ_i, < beta-slow get θ_i/s, a linear ramp between; attention 0.1·ln s + 1."),
    QT_TRANSLATE_NOOP("ScalingMethods", "Llama 3.1"),
    QT_TRANSLATE_NOOP("ScalingMethods", "λ_i > L0/low: θ_i/s; λ_i < L0/high: θ_i; smooth blend between; attention 1."),
    QT_TRANSLATE_NOOP("ScalingMethods", "LongRoPE (Phi-3)"),
    QT_TRANSLATE_NOOP("ScalingMethods", "θ'_i = θ_i / e_i, e = long-factor if seq-len > L0 else short-factor; attention √(1 + ln s / ln L0)."),
    QT_TRANSLATE_NOOP("ScalingMethods", "p-RoPE (proportional, Gemma 4)"),
    QT_TRANSLATE_NOOP("ScalingMethods", "θ'_i = b^(-2i/d)/s for the first rotary-dim/2 pairs, 0 for the rest (exponent over the full head); attention 1."),
};

const QString kGroup = QStringLiteral("parameters");
constexpr double kMinContext = 64;
constexpr double kMaxContextShown = 1048576;

using Spec = SliderSpinBox::Spec;

/// How the form shows one base parameter (core/param_fields.h names it and gives its label and
/// tip): the spin box's range is what the panels can draw in reasonable time, within the
/// limits core accepts.
struct BaseRow {
    std::string_view id;
    Spec spec;
    /// Shown at the spin box's minimum (translated in ParameterForm's context).
    const char* specialValueText = nullptr;
};

// One per paramFields() row; tst_parameter_form checks none is missing.
const BaseRow kBaseRows[] = {
    {param::kDim, Spec{.min = 2,
                       .max = 1024,
                       .sliderMin = 2,
                       .sliderMax = 512,
                       .logScale = true,
                       .decimals = 0,
                       .step = 2}},
    // The slider follows d (showParams); 0 is "all of d".
    {param::kRotaryDim,
     Spec{.min = 0, .max = 1024, .sliderMin = 0, .sliderMax = 128, .decimals = 0, .step = 2},
     QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "all (= d)")},
    {param::kBase, Spec{.min = 1.01,
                        .max = 1e12,
                        .sliderMin = 2,
                        .sliderMax = 1e8,
                        .logScale = true,
                        .decimals = 2,
                        .step = 0}},
    // The sliders of m and n follow the context (showParams).
    {param::kM, Spec{.min = 0, .max = 1e9, .sliderMin = 0, .sliderMax = 4096, .decimals = 0}},
    {param::kN, Spec{.min = 0, .max = 1e9, .sliderMin = 0, .sliderMax = 4096, .decimals = 0}},
    {param::kContext, Spec{.min = kMinContext,
                           .max = kMaxContextShown,
                           .sliderMin = kMinContext,
                           .sliderMax = kMaxContextShown,
                           .logScale = true,
                           .decimals = 0}},
};

const BaseRow* findBaseRow(std::string_view id) {
    for (const BaseRow& row : kBaseRows) {
        if (row.id == id) {
            return &row;
        }
    }
    return nullptr;
}

/// How the form shows one scaling field (core/scaling/scaling_fields.h names it). Label, tip and
/// check-box text are translated in ParameterForm's context.
struct ScalingRow {
    std::string_view id;
    const char* label;
    const char* tip;
    Spec spec;
    /// Text beside the check box of a toggle field.
    const char* checkText = nullptr;
};

// The form's rows for the scaling fields, in display order; LongRoPE's lists have no editor
// (they come from a config). tst_parameter_form checks every other field has a row.
const ScalingRow kScalingRows[] = {
    {field::kFactor, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Factor &s"),
     QT_TRANSLATE_NOOP("rope::ui::ParameterForm",
                       "Scale factor s = new context / original context (≥ 1)."),
     Spec{.min = 1,
          .max = 1024,
          .sliderMin = 1,
          .sliderMax = 64,
          .logScale = true,
          .decimals = 3,
          .step = 0}},
    {field::kOriginalContext, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Original L₀"),
     QT_TRANSLATE_NOOP(
         "rope::ui::ParameterForm",
         "original_max_position_embeddings L₀ (tokens): the context the model was trained on."),
     Spec{.min = 16,
          .max = 67108864,
          .sliderMin = 256,
          .sliderMax = 1048576,
          .logScale = true,
          .decimals = 0}},
    {field::kSeqLen, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Sequence length"),
     QT_TRANSLATE_NOOP("rope::ui::ParameterForm",
                       "Current sequence length for dynamic NTK (tokens); 'auto' = L₀."),
     Spec{.min = 0,
          .max = 67108864,
          .sliderMin = 256,
          .sliderMax = 1048576,
          .logScale = true,
          .decimals = 0}},
    {field::kBetaFast, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "β fast"),
     QT_TRANSLATE_NOOP("rope::ui::ParameterForm",
                       "YaRN beta_fast: pairs turning more than β_fast times over L₀ keep θ_i."),
     Spec{.min = 0.01, .max = 1024, .sliderMin = 1, .sliderMax = 128, .decimals = 2, .step = 0}},
    {field::kBetaSlow, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "β slow"),
     QT_TRANSLATE_NOOP("rope::ui::ParameterForm",
                       "YaRN beta_slow: pairs turning fewer than β_slow times over L₀ get θ_i/s."),
     Spec{.min = 0.0, .max = 1024, .sliderMin = 0, .sliderMax = 32, .decimals = 2, .step = 0}},
    {field::kMscale, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "mscale"),
     QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "YaRN mscale (0 = unset)."),
     Spec{.min = 0, .max = 16, .sliderMin = 0, .sliderMax = 4, .decimals = 3, .step = 0}},
    {field::kMscaleAllDim, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "mscale all dim"),
     QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "YaRN mscale_all_dim (0 = unset)."),
     Spec{.min = 0, .max = 16, .sliderMin = 0, .sliderMax = 4, .decimals = 3, .step = 0}},
    {field::kAttentionFactor, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Attention factor"),
     QT_TRANSLATE_NOOP(
         "rope::ui::ParameterForm",
         "Explicit attention_factor multiplying cos and sin (0 = computed by the method)."),
     Spec{.min = 0, .max = 16, .sliderMin = 0, .sliderMax = 4, .decimals = 3, .step = 0}},
    {field::kTruncate, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Truncate"),
     QT_TRANSLATE_NOOP("rope::ui::ParameterForm",
                       "YaRN truncate: round the correction range to whole pairs."),
     Spec{}, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "floor/ceil the blend range")},
    {field::kLowFreqFactor, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "Low-freq factor"),
     QT_TRANSLATE_NOOP(
         "rope::ui::ParameterForm",
         "Llama 3 low_freq_factor: wavelengths above L₀/low_freq_factor are divided by s."),
     Spec{.min = 0.01,
          .max = 64,
          .sliderMin = 0.25,
          .sliderMax = 16,
          .logScale = true,
          .decimals = 3,
          .step = 0}},
    {field::kHighFreqFactor, QT_TRANSLATE_NOOP("rope::ui::ParameterForm", "High-freq factor"),
     QT_TRANSLATE_NOOP("rope::ui::ParameterForm",
                       "Llama 3 high_freq_factor: wavelengths below L₀/high_freq_factor are kept."),
     Spec{.min = 0.01,
          .max = 256,
          .sliderMin = 0.5,
          .sliderMax = 64,
          .logScale = true,
          .decimals = 3,
          .step = 0}},
};

} // namespace

std::span<const std::string_view> ParameterForm::scalingRowIds() {
    static const std::vector<std::string_view> ids = [] {
        std::vector<std::string_view> v;
        for (const ScalingRow& row : kScalingRows) {
            v.push_back(row.id);
        }
        return v;
    }();
    return ids;
}

ParameterForm::ParameterForm(ExplorerState& state, bool persistent, QWidget* parent)
    : QWidget(parent), m_state(state), m_persistent(persistent), m_layout(new QFormLayout),
      m_method(new QComboBox(this)), m_layoutBox(new QComboBox(this)), m_error(new QLabel(this)),
      m_methodSummary(new QLabel(this)) {
    auto* outer = new QVBoxLayout(this);
    outer->addLayout(m_layout);
    m_layout->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    // The parameter column is narrow (about 240 px at 1280×800: the panels' control rows take
    // the rest). Side by side, label + slider + value box did not fit: the scroll area clipped
    // the value boxes, or the sliders shrank to their handles. Each label goes above its
    // control, which then has the column's whole width.
    m_layout->setRowWrapPolicy(QFormLayout::WrapAllRows);

    const auto number = [this](const QString& id, const QString& label, const QString& tip,
                               const Spec& spec) {
        auto* control = new SliderSpinBox(spec, this);
        control->setObjectName(id);
        control->setToolTips(tip);
        m_controls.insert(id, control);
        auto* text = new QLabel(label, this);
        text->setBuddy(control->spinBox());
        // Screen readers name both halves after the row's label ("Head dim d").
        const QString name = QString(label).remove(QLatin1Char('&'));
        control->spinBox()->setAccessibleName(name);
        control->slider()->setAccessibleName(tr("%1 slider").arg(name));
        text->setToolTip(tip);
        m_layout->addRow(text, control);
        connect(control, &SliderSpinBox::valueChanged, this, &ParameterForm::onEdited);
    };

    // Labels and tips come from core's table, marked there for lupdate in this class's context.
    for (const ParamField& f : paramFields()) {
        const BaseRow* row = findBaseRow(f.id);
        if (row == nullptr) {
            continue;
        }
        Spec spec = row->spec;
        if (row->specialValueText != nullptr) {
            spec.specialValueText = tr(row->specialValueText);
        }
        number(io::toQString(f.id), tr(f.label), tr(f.tip), spec);
    }

    m_layoutBox->setObjectName(QStringLiteral("layout"));
    m_layoutBox->addItem(tr("interleaved (x0,x1),(x2,x3)…"), QStringLiteral("interleaved"));
    m_layoutBox->addItem(tr("half (x_i, x_(i+d/2)), rotate_half"), QStringLiteral("half"));
    m_layoutBox->setToolTip(tr("Which coordinates form a pair: RoFormer/GPT-J interleave them, "
                               "GPT-NeoX and Hugging Face Llama pair the two halves."));
    auto* layoutLabel = new QLabel(tr("&Layout"), this);
    layoutLabel->setBuddy(m_layoutBox);
    m_layoutBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_layoutBox->setMinimumContentsLength(10);
    m_layout->addRow(layoutLabel, m_layoutBox);
    connect(m_layoutBox, &QComboBox::currentIndexChanged, this, &ParameterForm::onEdited);

    for (const rope::ScalingMethod& method : rope::allScalingMethods()) {
        // Core has no Qt: its names are translated here, in context "ScalingMethods"
        // (kScalingMethodTexts marks them for lupdate; tst_translations checks every row).
        const std::string name(method.displayName);
        const std::string summary(method.summary);
        m_method->addItem(
            QCoreApplication::translate("ScalingMethods", name.c_str()),
            QString::fromLatin1(method.id.data(), static_cast<qsizetype>(method.id.size())));
        m_method->setItemData(m_method->count() - 1,
                              QCoreApplication::translate("ScalingMethods", summary.c_str()),
                              Qt::ToolTipRole);
    }
    m_method->setToolTip(tr("Context-extension method (Hugging Face rope_scaling)."));
    // The longest method name ("p-RoPE (proportional, Gemma 4)") would set the form's minimum
    // width above the parameter column's (290 px at 1280×800) and the scroll area would clip
    // the value boxes on the right; the popup still shows the full names.
    m_method->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_method->setMinimumContentsLength(10);
    auto* methodLabel = new QLabel(tr("&Scaling"), this);
    methodLabel->setBuddy(m_method);
    m_layout->addRow(methodLabel, m_method);
    m_methodSummary->setWordWrap(true);
    m_methodSummary->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_layout->addRow(m_methodSummary);
    connect(m_method, &QComboBox::currentIndexChanged, this, [this] {
        updateVisibleRows();
        onEdited();
    });

    for (const ScalingRow& row : kScalingRows) {
        const QString id = io::toQString(row.id);
        if (row.checkText != nullptr) {
            auto* box = new QCheckBox(tr(row.checkText), this);
            box->setObjectName(id);
            box->setToolTip(tr(row.tip));
            m_toggles.insert(id, box);
            m_layout->addRow(tr(row.label), box);
            connect(box, &QCheckBox::toggled, this, &ParameterForm::onEdited);
        } else {
            Spec spec = row.spec;
            if (row.id == field::kSeqLen) {
                spec.specialValueText = tr("auto (= L₀)");
            }
            number(id, tr(row.label), tr(row.tip), spec);
        }
    }

    m_error->setWordWrap(true);
    colourErrorText();
    m_error->setObjectName(QStringLiteral("validation-message"));
    outer->addWidget(m_error);
    auto* resetButton = new QPushButton(tr("&Reset to defaults"), this);
    resetButton->setToolTip(tr("Back to d = 128, b = 10000, no scaling."));
    connect(resetButton, &QPushButton::clicked, this, &ParameterForm::reset);
    outer->addWidget(resetButton);
    outer->addStretch(1);

    connect(&m_state, &ExplorerState::paramsChanged, this, &ParameterForm::showParams);
    connect(&m_state, &ExplorerState::rejected, this, &ParameterForm::onRejected);

    if (m_persistent && !m_state.setParams(loadSaved())) {
        m_state.setParams(rope::RopeParams{});
    }
    showParams(m_state.params());
}

QCheckBox* ParameterForm::truncateBox() const {
    return m_toggles.value(io::toQString(field::kTruncate), nullptr);
}

bool ParameterForm::isRowVisible(const QString& id) const {
    QWidget* control = m_controls.value(id, nullptr);
    if (control == nullptr) {
        control = m_toggles.value(id, nullptr);
    }
    return control != nullptr && m_layout->isRowVisible(control);
}

void ParameterForm::updateVisibleRows() {
    const rope::ScalingMethod* method =
        rope::findScalingMethod(m_method->currentData().toString().toStdString());
    const auto used = [method](const QString& id) {
        if (method == nullptr) {
            return false;
        }
        return std::any_of(
            method->usedParams.begin(), method->usedParams.end(), [&id](std::string_view p) {
                return id == QLatin1String(p.data(), static_cast<qsizetype>(p.size()));
            });
    };
    for (const ScalingRow& row : kScalingRows) {
        const QString id = io::toQString(row.id);
        QWidget* control = m_controls.value(id, nullptr);
        m_layout->setRowVisible(control != nullptr ? control : m_toggles.value(id), used(id));
    }
    m_methodSummary->setText(m_method->currentData(Qt::ToolTipRole).toString());
}

rope::RopeParams ParameterForm::paramsFromControls() const {
    rope::RopeParams p = m_state.params();
    for (const ParamField& f : paramFields()) {
        if (const SliderSpinBox* control = m_controls.value(io::toQString(f.id), nullptr)) {
            setParamFieldNumber(p, f, control->value());
        }
    }
    p.layout = rope::parseLayout(m_layoutBox->currentData().toString().toStdString());
    rope::ScalingParams& s = p.scaling;
    // The combo's items are the registry's ids, so the id always parses.
    s.method = rope::scalingMethod(m_method->currentData().toString().toStdString()).kind;
    for (const ScalingRow& row : kScalingRows) {
        const ScalingField& f = *findScalingField(row.id);
        const QString id = io::toQString(row.id);
        if (QCheckBox* box = m_toggles.value(id, nullptr)) {
            setScalingFieldNumber(s, f, box->isChecked() ? 1.0 : 0.0);
        } else {
            setScalingFieldNumber(s, f, m_controls.value(id)->value());
        }
    }
    // The form has no editor for LongRoPE's per-pair lists. Picked by hand, LongRoPE starts from
    // neutral divisors (all 1: only its attention factor acts); lists loaded from a config are
    // kept as they are, and a dimension they do not fit is refused by the core.
    if (s.method == rope::ScalingKind::LongRope && s.shortFactor.empty() && s.longFactor.empty() &&
        p.headDim >= 2 && p.effectiveRotaryDim() <= rope::limits::kMaxDim) {
        const auto pairs = static_cast<std::size_t>(p.effectiveRotaryDim() / 2);
        s.shortFactor.assign(pairs, 1.0);
        s.longFactor.assign(pairs, 1.0);
    }
    return p;
}

void ParameterForm::onEdited() {
    const rope::RopeParams p = paramsFromControls();
    if (m_state.setParams(p)) {
        m_error->clear();
        if (m_persistent) {
            save(m_state.params());
        }
    }
}

void ParameterForm::onRejected(const QString& parameter, const QString& reason) {
    m_error->setText(tr("Not applied (%1): %2").arg(parameter, reason));
}

void ParameterForm::showParams(const rope::RopeParams& p) {
    // Slider ranges first, so a value set next lands on the right slider position.
    for (const std::string_view id : {param::kM, param::kN}) {
        m_controls.value(io::toQString(id))->setSliderRange(0, static_cast<double>(p.context));
    }
    m_controls.value(io::toQString(param::kRotaryDim))->setSliderRange(0, p.headDim);
    for (const ParamField& f : paramFields()) {
        if (SliderSpinBox* control = m_controls.value(io::toQString(f.id), nullptr)) {
            control->setValueSilently(paramFieldNumber(p, f));
        }
    }
    {
        const QSignalBlocker block(m_layoutBox);
        m_layoutBox->setCurrentIndex(p.layout == rope::Layout::Half ? 1 : 0);
    }
    const rope::ScalingParams& s = p.scaling;
    {
        const QSignalBlocker block(m_method);
        m_method->setCurrentIndex(std::max(0, m_method->findData(io::scalingIdText(s.method))));
    }
    for (const ScalingRow& row : kScalingRows) {
        const double v = scalingFieldNumber(s, *findScalingField(row.id));
        const QString id = io::toQString(row.id);
        if (QCheckBox* box = m_toggles.value(id, nullptr)) {
            const QSignalBlocker block(box);
            box->setChecked(v != 0.0);
        } else {
            m_controls.value(id)->setValueSilently(v);
        }
    }
    updateVisibleRows();
    m_error->clear();
}

void ParameterForm::reset() {
    m_state.setParams(rope::RopeParams{});
    showParams(m_state.params());
    if (m_persistent) {
        save(m_state.params());
    }
}

void ParameterForm::save(const rope::RopeParams& p) const {
    QSettings settings;
    settings.beginGroup(kGroup);
    for (const ParamField& f : paramFields()) {
        const double v = paramFieldNumber(p, f);
        settings.setValue(io::toQString(f.sessionKey), f.kind == ParamKind::Integer
                                                           ? QVariant(static_cast<qlonglong>(v))
                                                           : QVariant(v));
    }
    settings.setValue(QStringLiteral("layout"), QString::fromLatin1(rope::layoutId(p.layout)));
    const rope::ScalingParams& s = p.scaling;
    settings.setValue(QStringLiteral("method"), io::scalingIdText(s.method));
    for (const ScalingRow& row : kScalingRows) {
        const ScalingField& f = *findScalingField(row.id);
        const double v = scalingFieldNumber(s, f);
        settings.setValue(io::toQString(row.id),
                          f.kind == ScalingFieldKind::Toggle ? QVariant(v != 0.0) : QVariant(v));
    }
}

rope::RopeParams ParameterForm::loadSaved() const {
    QSettings settings;
    settings.beginGroup(kGroup);
    rope::RopeParams p;
    for (const ParamField& f : paramFields()) {
        const QVariant saved = settings.value(io::toQString(f.sessionKey));
        bool ok = false;
        const double v = saved.toDouble(&ok);
        if (!saved.isValid() || !ok || !std::isfinite(v)) {
            continue;
        }
        // Into the range the form shows (an older build saved a context outside it).
        const BaseRow* row = findBaseRow(f.id);
        setParamFieldNumber(p, f, row != nullptr ? std::clamp(v, row->spec.min, row->spec.max) : v);
    }
    p.layout = settings.value(QStringLiteral("layout")).toString() == QLatin1String("half")
                   ? rope::Layout::Half
                   : rope::Layout::Interleaved;
    rope::ScalingParams& s = p.scaling;
    // Settings hold the id; one this build does not know (written by a newer build) keeps the
    // default method, as the combo box would show it.
    if (const std::optional<rope::ScalingKind> kind = rope::parseScalingKind(
            settings.value(QStringLiteral("method")).toString().toStdString())) {
        s.method = *kind;
    }
    for (const ScalingRow& row : kScalingRows) {
        const ScalingField& f = *findScalingField(row.id);
        const QVariant saved = settings.value(io::toQString(row.id));
        if (!saved.isValid()) {
            continue;
        }
        setScalingFieldNumber(s, f,
                              f.kind == ScalingFieldKind::Toggle ? (saved.toBool() ? 1.0 : 0.0)
                                                                 : saved.toDouble());
    }
    return p;
}

void ParameterForm::colourErrorText() {
    // ColorBrewer RdBu's dark red on a light window, its light red (#f4a582) on a dark one:
    // both ≥ 4.5:1 (WCAG AA) against the window colour.
    m_error->setStyleSheet(paletteIsDark(palette()) ? QStringLiteral("color: #f4a582;")
                                                    : QStringLiteral("color: #b2182b;"));
}

void ParameterForm::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        colourErrorText();
    }
}

} // namespace rope::ui
