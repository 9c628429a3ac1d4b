// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/parameter_form.h"

#include "core/scaling/scaling_registry.h"
#include "ui/app_theme.h"
#include "ui/explorer_state.h"
#include "ui/slider_spin_box.h"

#include <QCheckBox>
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

namespace rope::ui {

namespace {

const QString kGroup = QStringLiteral("parameters");
constexpr double kMinContext = 64;
constexpr double kMaxContextShown = 1048576;

using Spec = SliderSpinBox::Spec;

} // namespace

ParameterForm::ParameterForm(ExplorerState& state, bool persistent, QWidget* parent)
    : QWidget(parent), m_state(state), m_persistent(persistent), m_layout(new QFormLayout),
      m_method(new QComboBox(this)), m_layoutBox(new QComboBox(this)),
      m_truncate(new QCheckBox(tr("floor/ceil the blend range"), this)), m_error(new QLabel(this)),
      m_methodSummary(new QLabel(this)) {
    auto* outer = new QVBoxLayout(this);
    outer->addLayout(m_layout);
    m_layout->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);

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

    number(QStringLiteral("dim"), tr("Head dim &d"),
           tr("Rotated dimensions d (even): d/2 pairs, pair i turns by θ_i = b^(−2i/d) per token."),
           Spec{.min = 2,
                .max = 1024,
                .sliderMin = 2,
                .sliderMax = 512,
                .logScale = true,
                .decimals = 0,
                .step = 2});
    number(QStringLiteral("base"), tr("&Base b"),
           tr("RoPE base b (rope_theta), > 1. Larger b slows every pair but the first."),
           Spec{.min = 1.01,
                .max = 1e12,
                .sliderMin = 2,
                .sliderMax = 1e8,
                .logScale = true,
                .decimals = 2,
                .step = 0});
    number(QStringLiteral("m"), tr("Position &m"), tr("Query position m (tokens)."),
           Spec{.min = 0, .max = 1e9, .sliderMin = 0, .sliderMax = 4096, .decimals = 0});
    number(QStringLiteral("n"), tr("Position &n"), tr("Key position n (tokens)."),
           Spec{.min = 0, .max = 1e9, .sliderMin = 0, .sliderMax = 4096, .decimals = 0});
    number(QStringLiteral("context"), tr("&Context L"),
           tr("Context length L (tokens) the plots cover, 64 … 1,048,576."),
           Spec{.min = kMinContext,
                .max = kMaxContextShown,
                .sliderMin = kMinContext,
                .sliderMax = kMaxContextShown,
                .logScale = true,
                .decimals = 0});

    m_layoutBox->setObjectName(QStringLiteral("layout"));
    m_layoutBox->addItem(tr("interleaved (x0,x1),(x2,x3)…"), QStringLiteral("interleaved"));
    m_layoutBox->addItem(tr("half (x_i, x_(i+d/2)), rotate_half"), QStringLiteral("half"));
    m_layoutBox->setToolTip(tr("Which coordinates form a pair: RoFormer/GPT-J interleave them, "
                               "GPT-NeoX and Hugging Face Llama pair the two halves."));
    auto* layoutLabel = new QLabel(tr("&Layout"), this);
    layoutLabel->setBuddy(m_layoutBox);
    m_layoutBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_layoutBox->setMinimumContentsLength(12);
    m_layout->addRow(layoutLabel, m_layoutBox);
    connect(m_layoutBox, &QComboBox::currentIndexChanged, this, &ParameterForm::onEdited);

    for (const rope::ScalingMethod& method : rope::allScalingMethods()) {
        m_method->addItem(
            QString::fromUtf8(method.displayName.data(),
                              static_cast<qsizetype>(method.displayName.size())),
            QString::fromLatin1(method.id.data(), static_cast<qsizetype>(method.id.size())));
        m_method->setItemData(
            m_method->count() - 1,
            QString::fromUtf8(method.summary.data(), static_cast<qsizetype>(method.summary.size())),
            Qt::ToolTipRole);
    }
    m_method->setToolTip(tr("Context-extension method (Hugging Face rope_scaling)."));
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

    number(QStringLiteral("factor"), tr("Factor &s"),
           tr("Scale factor s = new context / original context (≥ 1)."),
           Spec{.min = 1,
                .max = 1024,
                .sliderMin = 1,
                .sliderMax = 64,
                .logScale = true,
                .decimals = 3,
                .step = 0});
    number(
        QStringLiteral("original-context"), tr("Original L₀"),
        tr("original_max_position_embeddings L₀ (tokens): the context the model was trained on."),
        Spec{.min = 16,
             .max = 67108864,
             .sliderMin = 256,
             .sliderMax = 1048576,
             .logScale = true,
             .decimals = 0});
    number(QStringLiteral("seq-len"), tr("Sequence length"),
           tr("Current sequence length for dynamic NTK (tokens); 'auto' = L₀."),
           Spec{.min = 0,
                .max = 67108864,
                .sliderMin = 256,
                .sliderMax = 1048576,
                .logScale = true,
                .decimals = 0,
                .specialValueText = tr("auto (= L₀)")});
    number(
        QStringLiteral("beta-fast"), tr("β fast"),
        tr("YaRN beta_fast: pairs turning more than β_fast times over L₀ keep θ_i."),
        Spec{.min = 0.01, .max = 1024, .sliderMin = 1, .sliderMax = 128, .decimals = 2, .step = 0});
    number(
        QStringLiteral("beta-slow"), tr("β slow"),
        tr("YaRN beta_slow: pairs turning fewer than β_slow times over L₀ get θ_i/s."),
        Spec{.min = 0.0, .max = 1024, .sliderMin = 0, .sliderMax = 32, .decimals = 2, .step = 0});
    number(QStringLiteral("mscale"), tr("mscale"), tr("YaRN mscale (0 = unset)."),
           Spec{.min = 0, .max = 16, .sliderMin = 0, .sliderMax = 4, .decimals = 3, .step = 0});
    number(QStringLiteral("mscale-all-dim"), tr("mscale all dim"),
           tr("YaRN mscale_all_dim (0 = unset)."),
           Spec{.min = 0, .max = 16, .sliderMin = 0, .sliderMax = 4, .decimals = 3, .step = 0});
    number(QStringLiteral("attention-factor"), tr("Attention factor"),
           tr("Explicit attention_factor multiplying cos and sin (0 = computed by the method)."),
           Spec{.min = 0, .max = 16, .sliderMin = 0, .sliderMax = 4, .decimals = 3, .step = 0});
    m_truncate->setObjectName(QStringLiteral("truncate"));
    m_truncate->setToolTip(tr("YaRN truncate: round the correction range to whole pairs."));
    m_layout->addRow(tr("Truncate"), m_truncate);
    connect(m_truncate, &QCheckBox::toggled, this, &ParameterForm::onEdited);
    number(QStringLiteral("low-freq-factor"), tr("Low-freq factor"),
           tr("Llama 3 low_freq_factor: wavelengths above L₀/low_freq_factor are divided by s."),
           Spec{.min = 0.01,
                .max = 64,
                .sliderMin = 0.25,
                .sliderMax = 16,
                .logScale = true,
                .decimals = 3,
                .step = 0});
    number(QStringLiteral("high-freq-factor"), tr("High-freq factor"),
           tr("Llama 3 high_freq_factor: wavelengths below L₀/high_freq_factor are kept."),
           Spec{.min = 0.01,
                .max = 256,
                .sliderMin = 0.5,
                .sliderMax = 64,
                .logScale = true,
                .decimals = 3,
                .step = 0});

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

bool ParameterForm::isRowVisible(const QString& id) const {
    QWidget* field = m_controls.value(id, nullptr);
    if (id == QLatin1String("truncate")) {
        field = m_truncate;
    }
    return field != nullptr && m_layout->isRowVisible(field);
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
    for (const char* id :
         {"factor", "original-context", "seq-len", "beta-fast", "beta-slow", "mscale",
          "mscale-all-dim", "attention-factor", "low-freq-factor", "high-freq-factor"}) {
        const QString key = QString::fromLatin1(id);
        m_layout->setRowVisible(m_controls.value(key), used(key));
    }
    m_layout->setRowVisible(m_truncate, used(QStringLiteral("truncate")));
    m_methodSummary->setText(m_method->currentData(Qt::ToolTipRole).toString());
}

rope::RopeParams ParameterForm::paramsFromControls() const {
    rope::RopeParams p = m_state.params();
    const auto value = [this](const char* id) {
        return m_controls.value(QString::fromLatin1(id))->value();
    };
    const auto integer = [&value](const char* id) {
        return static_cast<long long>(std::llround(value(id)));
    };
    p.headDim = static_cast<int>(integer("dim"));
    p.base = value("base");
    p.m = integer("m");
    p.n = integer("n");
    p.context = integer("context");
    p.layout = rope::parseLayout(m_layoutBox->currentData().toString().toStdString());
    rope::ScalingParams& s = p.scaling;
    s.method = m_method->currentData().toString().toStdString();
    s.factor = value("factor");
    s.originalContext = static_cast<int>(integer("original-context"));
    s.seqLen = integer("seq-len");
    s.betaFast = value("beta-fast");
    s.betaSlow = value("beta-slow");
    s.mscale = value("mscale");
    s.mscaleAllDim = value("mscale-all-dim");
    s.attentionFactor = value("attention-factor");
    s.truncate = m_truncate->isChecked();
    s.lowFreqFactor = value("low-freq-factor");
    s.highFreqFactor = value("high-freq-factor");
    // The form has no editor for LongRoPE's per-pair lists. Picked by hand, LongRoPE starts from
    // neutral divisors (all 1: only its attention factor acts); lists loaded from a config are
    // kept as they are, and a dimension they do not fit is refused by the core.
    if (s.method == "longrope" && s.shortFactor.empty() && s.longFactor.empty() && p.headDim >= 2 &&
        p.effectiveRotaryDim() <= rope::limits::kMaxDim) {
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
    const auto set = [this](const char* id, double v) {
        m_controls.value(QString::fromLatin1(id))->setValueSilently(v);
    };
    set("dim", p.headDim);
    set("base", p.base);
    set("context", static_cast<double>(p.context));
    for (const char* id : {"m", "n"}) {
        m_controls.value(QString::fromLatin1(id))
            ->setSliderRange(0, static_cast<double>(p.context));
    }
    set("m", static_cast<double>(p.m));
    set("n", static_cast<double>(p.n));
    {
        const QSignalBlocker block(m_layoutBox);
        m_layoutBox->setCurrentIndex(p.layout == rope::Layout::Half ? 1 : 0);
    }
    const rope::ScalingParams& s = p.scaling;
    {
        const QSignalBlocker block(m_method);
        m_method->setCurrentIndex(
            std::max(0, m_method->findData(QString::fromStdString(s.method))));
    }
    set("factor", s.factor);
    set("original-context", s.originalContext);
    set("seq-len", static_cast<double>(s.seqLen));
    set("beta-fast", s.betaFast);
    set("beta-slow", s.betaSlow);
    set("mscale", s.mscale);
    set("mscale-all-dim", s.mscaleAllDim);
    set("attention-factor", s.attentionFactor);
    {
        const QSignalBlocker block(m_truncate);
        m_truncate->setChecked(s.truncate);
    }
    set("low-freq-factor", s.lowFreqFactor);
    set("high-freq-factor", s.highFreqFactor);
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
    settings.setValue(QStringLiteral("dim"), p.headDim);
    settings.setValue(QStringLiteral("base"), p.base);
    settings.setValue(QStringLiteral("m"), p.m);
    settings.setValue(QStringLiteral("n"), p.n);
    settings.setValue(QStringLiteral("context"), p.context);
    settings.setValue(QStringLiteral("layout"), QString::fromLatin1(rope::layoutId(p.layout)));
    const rope::ScalingParams& s = p.scaling;
    settings.setValue(QStringLiteral("method"), QString::fromStdString(s.method));
    settings.setValue(QStringLiteral("factor"), s.factor);
    settings.setValue(QStringLiteral("original-context"), s.originalContext);
    settings.setValue(QStringLiteral("seq-len"), s.seqLen);
    settings.setValue(QStringLiteral("beta-fast"), s.betaFast);
    settings.setValue(QStringLiteral("beta-slow"), s.betaSlow);
    settings.setValue(QStringLiteral("mscale"), s.mscale);
    settings.setValue(QStringLiteral("mscale-all-dim"), s.mscaleAllDim);
    settings.setValue(QStringLiteral("attention-factor"), s.attentionFactor);
    settings.setValue(QStringLiteral("truncate"), s.truncate);
    settings.setValue(QStringLiteral("low-freq-factor"), s.lowFreqFactor);
    settings.setValue(QStringLiteral("high-freq-factor"), s.highFreqFactor);
}

rope::RopeParams ParameterForm::loadSaved() const {
    QSettings settings;
    settings.beginGroup(kGroup);
    rope::RopeParams p;
    const auto num = [&settings](const char* id, double fallback) {
        return settings.value(QString::fromLatin1(id), fallback).toDouble();
    };
    const auto integer = [&settings](const char* id, long long fallback) {
        return settings.value(QString::fromLatin1(id), fallback).toLongLong();
    };
    p.headDim = static_cast<int>(integer("dim", p.headDim));
    p.base = num("base", p.base);
    p.m = integer("m", p.m);
    p.n = integer("n", p.n);
    p.context = std::clamp<long long>(integer("context", p.context), 64, 1048576);
    p.layout = settings.value(QStringLiteral("layout")).toString() == QLatin1String("half")
                   ? rope::Layout::Half
                   : rope::Layout::Interleaved;
    rope::ScalingParams& s = p.scaling;
    s.method = settings.value(QStringLiteral("method"), QString::fromStdString(s.method))
                   .toString()
                   .toStdString();
    s.factor = num("factor", s.factor);
    s.originalContext = static_cast<int>(integer("original-context", s.originalContext));
    s.seqLen = integer("seq-len", s.seqLen);
    s.betaFast = num("beta-fast", s.betaFast);
    s.betaSlow = num("beta-slow", s.betaSlow);
    s.mscale = num("mscale", s.mscale);
    s.mscaleAllDim = num("mscale-all-dim", s.mscaleAllDim);
    s.attentionFactor = num("attention-factor", s.attentionFactor);
    s.truncate = settings.value(QStringLiteral("truncate"), s.truncate).toBool();
    s.lowFreqFactor = num("low-freq-factor", s.lowFreqFactor);
    s.highFreqFactor = num("high-freq-factor", s.highFreqFactor);
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
