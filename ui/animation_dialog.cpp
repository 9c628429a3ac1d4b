// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/animation_dialog.h"

#include "ui/panels/figure_panel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace rope::ui {

namespace {
const QString kDirKey = QStringLiteral("animation/directory");

QDoubleSpinBox* valueBox(const char* name) {
    auto* box = new QDoubleSpinBox;
    box->setObjectName(QLatin1String(name));
    // Bases reach 10³⁰ and positions 2⁴⁰: the box takes any magnitude, the sweep checks it.
    box->setRange(-1e30, 1e30);
    box->setDecimals(3);
    box->setMinimumWidth(140);
    return box;
}
} // namespace

AnimationDialog::AnimationDialog(FigurePanel& panel, const rope::RopeParams& params,
                                 QWidget* parent)
    : QDialog(parent), m_panel(panel), m_params(params), m_key(new QComboBox(this)),
      m_from(valueBox("from")), m_to(valueBox("to")), m_frames(new QSpinBox(this)),
      m_fps(new QDoubleSpinBox(this)), m_format(new QComboBox(this)),
      m_width(new QSpinBox(this)), m_height(new QSpinBox(this)), m_problem(new QLabel(this)) {
    setObjectName(QStringLiteral("animation-dialog"));
    setWindowTitle(tr("Export animation: %1")
                       .arg(QCoreApplication::translate("Figures", panel.figure().title)));
    m_key->setObjectName(QStringLiteral("key"));
    m_key->addItems(figures::sweepKeys(panel.figure()));
    m_key->setToolTip(tr("A numeric option of this panel, or a parameter shared by all panels "
                         "(positions m and n, base, factor, …)."));
    m_frames->setObjectName(QStringLiteral("frames"));
    m_frames->setRange(figures::kMinSweepFrames, figures::kMaxSweepFrames);
    m_frames->setValue(30);
    m_fps->setObjectName(QStringLiteral("fps"));
    m_fps->setRange(kMinAnimationFps, kMaxAnimationFps);
    m_fps->setDecimals(1);
    m_fps->setValue(10);
    m_format->setObjectName(QStringLiteral("format"));
    for (AnimationFormat f : {AnimationFormat::Gif, AnimationFormat::Mp4, AnimationFormat::WebM,
                              AnimationFormat::PngSequence}) {
        m_format->addItem(animationFormatName(f), int(f));
    }
    // Frames at the size of the plot on screen, even sides (video chroma needs them).
    const QSize plotSize = panel.plot()->size();
    for (auto [box, name, value] : {std::tuple{m_width, "width", plotSize.width()},
                                    std::tuple{m_height, "height", plotSize.height()}}) {
        box->setObjectName(QLatin1String(name));
        box->setRange(64, 3840);
        box->setSuffix(tr(" px"));
        box->setValue(std::max(64, value / 2 * 2));
    }
    m_height->setMaximum(2160);
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Sweep:"), m_key);
    form->addRow(tr("&From:"), m_from);
    form->addRow(tr("&To:"), m_to);
    form->addRow(tr("F&rames:"), m_frames);
    form->addRow(tr("Frames per &second:"), m_fps);
    form->addRow(tr("F&ormat:"), m_format);
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_export = buttons->addButton(tr("&Export…"), QDialogButtonBox::AcceptRole);
    m_export->setObjectName(QStringLiteral("export"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_export, &QPushButton::clicked, this, &AnimationDialog::exportInteractively);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);

    connect(m_key, &QComboBox::currentTextChanged, this, &AnimationDialog::keyChanged);
    for (QDoubleSpinBox* box : {m_from, m_to}) {
        connect(box, &QDoubleSpinBox::valueChanged, this, &AnimationDialog::updateProblem);
    }
    connect(m_frames, &QSpinBox::valueChanged, this, &AnimationDialog::updateProblem);
    connect(m_format, &QComboBox::currentIndexChanged, this, &AnimationDialog::updateProblem);
    // The panel's row names what it animates best (positions for the rotation, a base for the
    // heatmap); a key this dialog does not offer leaves the first one chosen.
    const std::string_view key = panel.figure().animationKey;
    const QString preferred = QString::fromLatin1(key.data(), qsizetype(key.size()));
    const QString start =
        !preferred.isEmpty() && m_key->findText(preferred) >= 0 ? preferred : m_key->itemText(0);
    m_key->setCurrentText(start);
    keyChanged();
}

AnimationDialog::~AnimationDialog() = default;

AnimationFormat AnimationDialog::format() const {
    return static_cast<AnimationFormat>(m_format->currentData().toInt());
}

void AnimationDialog::keyChanged() {
    const QString key = m_key->currentText();
    const double now = figures::sweepStartValue(m_panel.figure(), m_params, m_panel.options(), key);
    const figures::AnimationSweep probe = [&] {
        try {
            return figures::planSweep(m_panel.figure(), m_params, key, now, now, 2);
        } catch (const figures::SweepError&) {
            return figures::AnimationSweep{};
        }
    }();
    // A first guess at a useful sweep from the current value: a base over two decades up, a
    // position over 64 tokens, anything else to twice its value (or its option's maximum).
    double to = now * 2 + (now == 0 ? 1 : 0);
    if (probe.logarithmic) {
        to = now * 100;
    } else if (key == QLatin1String("m") || key == QLatin1String("n")) {
        to = now + 64;
    }
    if (const figures::OptionSpec* spec = figures::findOption(m_panel.figure().options(), key)) {
        to = std::min(to, spec->max);
        if (spec->kind == figures::OptionKind::Integer && spec->max - spec->min <= 360) {
            to = spec->max;
        }
    }
    const int decimals = probe.integer ? 0 : 3;
    for (QDoubleSpinBox* box : {m_from, m_to}) {
        box->setDecimals(decimals);
    }
    m_from->setValue(now);
    m_to->setValue(to);
    updateProblem();
}

AnimationJob AnimationDialog::job(const QString& out) const {
    AnimationJob job;
    job.figure = &m_panel.figure();
    job.params = m_params;
    job.options = m_panel.persistentOptions();
    job.sweep = figures::planSweep(m_panel.figure(), m_params, m_key->currentText(),
                                   m_from->value(), m_to->value(), m_frames->value());
    job.fps = m_fps->value();
    job.size = QSize(m_width->value(), m_height->value());
    job.out = out;
    return job;
}

void AnimationDialog::updateProblem() {
    QString problem;
    try {
        job(QString());
    } catch (const figures::SweepError& e) {
        problem = QString::fromUtf8(e.what());
    }
    if (problem.isEmpty() &&
        (format() == AnimationFormat::Mp4 || format() == AnimationFormat::WebM) &&
        ffmpegProgram().isEmpty()) {
        problem = tr("%1 export needs ffmpeg, which is not installed (not found on PATH). "
                     "Install it (Debian: apt install ffmpeg), or choose GIF or PNG frames.")
                      .arg(animationFormatName(format()));
    }
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_export->setEnabled(problem.isEmpty() && m_exporter == nullptr);
}

void AnimationDialog::exportInteractively() {
    QSettings settings;
    const QString dir = settings.value(kDirKey, QDir::homePath()).toString();
    const QString base = figures::figureId(m_panel.figure()) + QLatin1Char('-') +
                         m_key->currentText();
    QString out;
    switch (format()) {
    case AnimationFormat::PngSequence:
        out = QFileDialog::getExistingDirectory(this, tr("Folder for the PNG frames"), dir);
        if (!out.isEmpty() && !out.endsWith(QLatin1Char('/'))) {
            out += QLatin1Char('/');
        }
        break;
    case AnimationFormat::Gif:
        out = QFileDialog::getSaveFileName(this, tr("Export GIF"),
                                           QDir(dir).filePath(base + QStringLiteral(".gif")),
                                           tr("GIF animations (*.gif)"));
        break;
    case AnimationFormat::Mp4:
        out = QFileDialog::getSaveFileName(this, tr("Export MP4"),
                                           QDir(dir).filePath(base + QStringLiteral(".mp4")),
                                           tr("MP4 videos (*.mp4)"));
        break;
    case AnimationFormat::WebM:
        out = QFileDialog::getSaveFileName(this, tr("Export WebM"),
                                           QDir(dir).filePath(base + QStringLiteral(".webm")),
                                           tr("WebM videos (*.webm)"));
        break;
    }
    if (out.isEmpty()) {
        return;
    }
    settings.setValue(kDirKey, QFileInfo(out).absolutePath());
    startExport(out);
}

void AnimationDialog::startExport(const QString& out) {
    AnimationJob next;
    try {
        next = job(out);
    } catch (const figures::SweepError& e) {
        m_problem->setText(QString::fromUtf8(e.what()));
        m_problem->show();
        return;
    }
    m_exporter = new AnimationExporter(std::move(next), this);
    m_progress = new QProgressDialog(tr("Rendering %1 frames…").arg(m_frames->value()),
                                     tr("Cancel"), 0, m_frames->value(), this);
    m_progress->setObjectName(QStringLiteral("animation-progress"));
    m_progress->setWindowModality(Qt::WindowModal);
    m_progress->setMinimumDuration(0);
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    m_progress->setValue(0);
    connect(m_exporter, &AnimationExporter::progress, m_progress, &QProgressDialog::setValue);
    connect(m_progress, &QProgressDialog::canceled, m_exporter, &AnimationExporter::cancel);
    connect(m_exporter, &AnimationExporter::finished, this, &AnimationDialog::exportEnded);
    m_export->setEnabled(false);
    m_exporter->start();
}

void AnimationDialog::exportEnded(const QStringList& written, const QString& error,
                                  bool cancelled) {
    m_progress->hide();
    m_progress->deleteLater();
    m_progress = nullptr;
    m_exporter->deleteLater();
    m_exporter = nullptr;
    updateProblem();
    if (!error.isEmpty()) {
        m_problem->setText(tr("Export failed: %1").arg(error));
        m_problem->show();
    } else if (cancelled) {
        m_problem->setText(tr("Export cancelled: nothing was written."));
        m_problem->show();
    } else {
        m_problem->setStyleSheet(QString());
        m_problem->setText(written.size() == 1
                               ? tr("Wrote %1").arg(QDir::toNativeSeparators(written.first()))
                               : tr("Wrote %1 frames into %2")
                                     .arg(written.size())
                                     .arg(QDir::toNativeSeparators(
                                         QFileInfo(written.first()).absolutePath())));
        m_problem->show();
    }
    emit exportFinished(written, error, cancelled);
}

} // namespace rope::ui
