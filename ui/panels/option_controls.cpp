// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panels/option_controls.h"

#include "ui/explorer_state.h"
#include "ui/panels/figure_panel.h"
#include "ui/panels/flow_layout.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rope::ui {

using figures::OptionKind;
using figures::OptionSpec;

namespace {

// Spin boxes hold int: an option's static range is clamped to what QSpinBox can show.
int intBound(double v) {
    return static_cast<int>(std::clamp<double>(v, std::numeric_limits<int>::min(),
                                                std::numeric_limits<int>::max()));
}

QString id(const OptionSpec& spec) {
    return QString::fromLatin1(spec.id);
}

QWidget* makeControl(const OptionSpec& spec, FigurePanel& panel, ExplorerState& state,
                     QWidget* parent) {
    const QString key = id(spec);
    const QString tip = translatedOptionText(spec.tooltip);
    QWidget* control = nullptr;
    switch (spec.kind) {
    case OptionKind::Choice: {
        auto* combo = new QComboBox(parent);
        for (const figures::OptionChoice& c : spec.choices) {
            combo->addItem(translatedOptionText(c.label.toUtf8().constData()), c.value);
        }
        combo->setCurrentIndex(std::max(0, combo->findData(spec.defaultValue)));
        QObject::connect(combo, &QComboBox::currentIndexChanged, &panel,
                         [&panel, combo, key] { panel.setOption(key, combo->currentData()); });
        control = combo;
        break;
    }
    case OptionKind::Integer: {
        auto* spin = new QSpinBox(parent);
        spin->setRange(intBound(spec.min), intBound(spec.max));
        spin->setSingleStep(static_cast<int>(spec.step));
        spin->setSpecialValueText(translatedOptionText(spec.specialValueText));
        spin->setSuffix(QString::fromUtf8(spec.suffix));
        spin->setValue(spec.defaultValue.isNull() ? intBound(spec.min)
                                                  : spec.defaultValue.toInt());
        if (spec.dynamicMax != nullptr) {
            const auto follow = [spin, bound = spec.dynamicMax](const rope::RopeParams& p) {
                spin->setMaximum(intBound(bound(p)));
            };
            follow(state.params());
            QObject::connect(&state, &ExplorerState::paramsChanged, spin, follow);
        }
        QObject::connect(spin, &QSpinBox::valueChanged, &panel,
                         [&panel, key](int v) { panel.setOption(key, v); });
        control = spin;
        break;
    }
    case OptionKind::Real:
    case OptionKind::LogReal: {
        auto* spin = new QDoubleSpinBox(parent);
        spin->setDecimals(spec.decimals);
        spin->setRange(spec.min, spec.max);
        spin->setSingleStep(spec.step);
        spin->setSuffix(QString::fromUtf8(spec.suffix));
        if (spec.kind == OptionKind::LogReal) {
            // Values span decades: each step changes the leading digit of the current value.
            spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
        }
        spin->setValue(spec.defaultValue.isNull() ? spec.min : spec.defaultValue.toDouble());
        QObject::connect(spin, &QDoubleSpinBox::valueChanged, &panel,
                         [&panel, key](double v) { panel.setOption(key, v); });
        control = spin;
        break;
    }
    case OptionKind::Toggle: {
        auto* box = new QCheckBox(translatedOptionText(spec.label), parent);
        box->setChecked(spec.defaultValue.toBool());
        QObject::connect(box, &QCheckBox::toggled, &panel,
                         [&panel, key](bool on) { panel.setOption(key, on); });
        control = box;
        break;
    }
    case OptionKind::Text: {
        auto* edit = new QLineEdit(spec.defaultValue.toString(), parent);
        // The value is checked by the table's validator; a bad text stays in the field, marked,
        // with the reason as its tooltip, and the figure keeps the last valid value.
        QObject::connect(edit, &QLineEdit::editingFinished, &panel, [&panel, edit, spec, tip] {
            try {
                const QVariant v = figures::parseOptionValue(spec, edit->text());
                edit->setStyleSheet(QString());
                edit->setToolTip(tip);
                panel.setOption(QString::fromLatin1(spec.id), v);
            } catch (const figures::OptionError& e) {
                edit->setStyleSheet(QStringLiteral("QLineEdit { border: 2px solid #d55e00; }"));
                edit->setToolTip(QString::fromUtf8(e.what()));
            }
        });
        control = edit;
        break;
    }
    }
    control->setObjectName(key);
    control->setToolTip(tip);
    control->setAccessibleName(translatedOptionText(spec.label).remove(QLatin1Char('&')));
    return control;
}

} // namespace

QString translatedOptionText(const char* text) {
    if (text == nullptr || *text == '\0') {
        return {};
    }
    return QCoreApplication::translate("FigureOptions", text);
}

QWidget* buildOptionControls(const figures::OptionTable& table, FigurePanel& panel,
                             ExplorerState& state) {
    auto* box = new QWidget;
    // The row wraps when the panel is narrow (FlowLayout); a label stays with its control.
    auto* layout = new FlowLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    for (const OptionSpec& spec : table) {
        if (spec.control != figures::OptionControl::Generic) {
            continue;
        }
        QWidget* control = makeControl(spec, panel, state, box);
        if (spec.kind != OptionKind::Toggle) {
            auto* pair = new QWidget(box);
            auto* pairLayout = new QHBoxLayout(pair);
            pairLayout->setContentsMargins(0, 0, 0, 0);
            auto* label = new QLabel(translatedOptionText(spec.label), pair);
            label->setBuddy(control);
            pairLayout->addWidget(label);
            pairLayout->addWidget(control);
            layout->addWidget(pair);
        } else {
            layout->addWidget(control);
        }
    }
    // Options whose maximum is another option's value (a query cell inside the grid).
    for (const OptionSpec& spec : table) {
        if (spec.maxFromOption == nullptr) {
            continue;
        }
        auto* spin = box->findChild<QSpinBox*>(id(spec));
        auto* source = box->findChild<QSpinBox*>(QString::fromLatin1(spec.maxFromOption));
        if (spin != nullptr && source != nullptr) {
            const QSignalBlocker block(spin); // the default shown, not an option set
            spin->setMaximum(source->value() - 1);
            if (spec.defaultValue.isNull()) {
                spin->setValue(source->value() / 2);
            }
            QObject::connect(source, &QSpinBox::valueChanged, spin,
                             [spin](int n) { spin->setMaximum(n - 1); });
        }
    }
    return box;
}

void markOptionRefused(QWidget* controls, const figures::OptionSpec& spec, const QString& reason) {
    QWidget* w = controls->findChild<QWidget*>(QString::fromLatin1(spec.id));
    if (w == nullptr) {
        return;
    }
    // Styled by object name so the sheet reaches the widget itself, not its children.
    w->setStyleSheet(reason.isEmpty() ? QString()
                                      : QStringLiteral("#%1 { border: 2px solid #d55e00; }")
                                            .arg(QString::fromLatin1(spec.id)));
    w->setToolTip(reason.isEmpty() ? translatedOptionText(spec.tooltip) : reason);
    w->setProperty("refused", !reason.isEmpty());
}

void showOptionValue(QWidget* controls, const figures::OptionSpec& spec, const QVariant& value,
                     const figures::FigureOptions& options) {
    QWidget* w = controls->findChild<QWidget*>(QString::fromLatin1(spec.id));
    if (w == nullptr) {
        return;
    }
    const QSignalBlocker block(w); // no setOption() echo, no loop
    const QVariant shown = value.isNull() ? spec.defaultValue : value;
    if (auto* c = qobject_cast<QComboBox*>(w)) {
        const int index = c->findData(shown);
        if (index >= 0) {
            c->setCurrentIndex(index);
        }
    } else if (auto* i = qobject_cast<QSpinBox*>(w)) {
        if (spec.maxFromOption != nullptr) {
            // The grid may have been restored in the same step: its size first, then the cell;
            // an unset cell is the centre, as the figure reads it.
            const auto* source =
                controls->findChild<QSpinBox*>(QString::fromLatin1(spec.maxFromOption));
            const int n = options.value(QString::fromLatin1(spec.maxFromOption),
                                        source != nullptr ? source->value() : i->maximum() + 1)
                              .toInt();
            i->setMaximum(n - 1);
            i->setValue(shown.isNull() ? n / 2 : shown.toInt());
        } else {
            i->setValue(shown.isNull() ? i->minimum() : shown.toInt());
        }
    } else if (auto* d = qobject_cast<QDoubleSpinBox*>(w)) {
        d->setValue(shown.isNull() ? d->minimum() : shown.toDouble());
    } else if (auto* b = qobject_cast<QCheckBox*>(w)) {
        b->setChecked(shown.toBool());
    } else if (auto* e = qobject_cast<QLineEdit*>(w)) {
        e->setText(shown.toString());
        e->setStyleSheet(QString());
    }
}

} // namespace rope::ui
