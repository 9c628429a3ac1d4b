// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export_options_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QVBoxLayout>

#include <cmath>

namespace rope::ui {

namespace {
const QString kThemeKey = QStringLiteral("export/theme");
const QString kScaleKey = QStringLiteral("export/scale");
const QString kScreenTheme = QStringLiteral("screen");
} // namespace

ExportOptionsDialog::ExportOptionsDialog(ExportFormat format, QSize logicalSize, QWidget* parent)
    : QDialog(parent), m_format(format), m_logicalSize(logicalSize), m_theme(new QComboBox(this)),
      m_scale(new QDoubleSpinBox(this)), m_hint(new QLabel(this)) {
    setObjectName(QStringLiteral("export-options"));
    setWindowTitle(tr("Export options"));
    QSettings settings;
    m_theme->setObjectName(QStringLiteral("theme"));
    m_theme->addItem(tr("As on screen"), kScreenTheme);
    m_theme->addItem(tr("Light"), plotThemeId(PlotTheme::Light));
    m_theme->addItem(tr("Dark"), plotThemeId(PlotTheme::Dark));
    const int saved = m_theme->findData(settings.value(kThemeKey, kScreenTheme).toString());
    m_theme->setCurrentIndex(std::max(saved, 0));
    m_theme->setAccessibleName(tr("Theme"));

    m_scale->setObjectName(QStringLiteral("scale"));
    m_scale->setRange(kMinExportScale, kMaxExportScale);
    m_scale->setSingleStep(0.5);
    m_scale->setDecimals(2);
    m_scale->setSuffix(QStringLiteral(" ×"));
    // A first export defaults to 2×: crisp on HiDPI screens and in print at small sizes.
    m_scale->setValue(settings.value(kScaleKey, 2.0).toDouble());
    m_scale->setAccessibleName(tr("Pixel scale"));
    m_hint->setObjectName(QStringLiteral("pixel-size"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Theme:"), m_theme);
    if (format == ExportFormat::Png) {
        form->addRow(tr("Pixel &scale:"), m_scale);
        form->addRow(QString(), m_hint);
    } else {
        m_scale->hide();
        m_hint->hide();
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_scale, &QDoubleSpinBox::valueChanged, this, &ExportOptionsDialog::updateHint);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    updateHint();
}

void ExportOptionsDialog::updateHint() {
    // The PNG gets round(W·s) × round(H·s) pixels and records 96·s dpi.
    const double s = m_scale->value();
    m_hint->setText(tr("%1 × %2 pixels, %3 dpi")
                        .arg(std::lround(m_logicalSize.width() * s))
                        .arg(std::lround(m_logicalSize.height() * s))
                        .arg(std::lround(96.0 * s)));
}

ExportStyle ExportOptionsDialog::style() const {
    ExportStyle style;
    style.scale = m_format == ExportFormat::Png ? m_scale->value() : 1.0;
    style.theme = plotThemeFromId(m_theme->currentData().toString());
    return style;
}

void ExportOptionsDialog::accept() {
    QSettings settings;
    settings.setValue(kThemeKey, m_theme->currentData().toString());
    if (m_format == ExportFormat::Png) {
        settings.setValue(kScaleKey, m_scale->value());
    }
    QDialog::accept();
}

std::optional<ExportStyle> ExportOptionsDialog::ask(ExportFormat format, QSize logicalSize,
                                                    QWidget* parent) {
    if (format == ExportFormat::Csv) {
        return ExportStyle{};
    }
    ExportOptionsDialog dialog(format, logicalSize, parent);
    if (dialog.exec() != QDialog::Accepted) {
        return std::nullopt;
    }
    return dialog.style();
}

} // namespace rope::ui
