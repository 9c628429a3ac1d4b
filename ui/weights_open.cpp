// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/weights_open.h"
#include "io/weights_probe.h"
#include "ui/job_runner.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QVBoxLayout>

#include <memory>

namespace rope::ui {

void loadWeightsFolder(QWidget* parent, const QString& folder,
                       std::function<void(const QString& folder)> done) {
    auto* progress = new QProgressDialog(
        QCoreApplication::translate("rope::ui::WeightsOpen", "Reading the q/k projections of %1…")
            .arg(folder),
        QCoreApplication::translate("rope::ui::WeightsOpen", "Cancel"), 0, 0, parent);
    progress->setWindowTitle(
        QCoreApplication::translate("rope::ui::WeightsOpen", "Open model folder"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    progress->setAutoReset(false);
    progress->setAutoClose(false);
    // The runner is the dialog's child: closing the window destroys both, which cancels the read
    // after the tensor it is on (its result would have nowhere to go), and so does Cancel.
    auto* runner = new JobRunner(progress);
    QObject::connect(progress, &QProgressDialog::canceled, progress, [progress, runner] {
        runner->cancel();
        progress->deleteLater();
    });
    // The probe counts tensors; the bar shows thousandths of the whole (busy until the first).
    constexpr int kSteps = 1000;
    QObject::connect(runner, &JobRunner::progressChanged, progress, [progress](double fraction) {
        progress->setMaximum(kSteps);
        progress->setValue(static_cast<int>(fraction * kSteps));
    });
    QObject::connect(runner, &JobRunner::failed, progress, [progress, parent](const QString& why) {
        progress->deleteLater();
        QMessageBox::warning(
            parent,
            QCoreApplication::translate("rope::ui::WeightsOpen", "Cannot read the model's weights"),
            why);
    });
    runner->start([folder, progress, parent,
                   done = std::move(done)](const RunControl& control) -> std::function<void()> {
        QString error;
        const auto probe = io::cachedWeightsProbe(folder, error, [&control](int step, int total) {
            if (total > 0) {
                control.progress(static_cast<double>(step) / total);
            }
            return !control.cancelled();
        });
        // Runs on the GUI thread only while the dialog (the runner's parent) exists.
        return [ok = probe != nullptr, error, folder, progress, parent, done] {
            progress->deleteLater();
            if (!ok) {
                QMessageBox::warning(parent,
                                     QCoreApplication::translate("rope::ui::WeightsOpen",
                                                                 "Cannot read the model's weights"),
                                     error);
                return;
            }
            done(folder);
        };
    });
}

HfCacheDialog::HfCacheDialog(QWidget* parent)
    : QDialog(parent), m_list(new QListWidget(this)), m_open(nullptr) {
    setWindowTitle(tr("Hugging Face cache"));
    setObjectName(QStringLiteral("hf-cache-dialog"));
    const QString hub = io::huggingFaceHubFolder();
    auto* layout = new QVBoxLayout(this);
    auto* where =
        new QLabel(tr("Models with safetensors weights in %1 (set HF_HOME or HF_HUB_CACHE "
                      "to look elsewhere):")
                       .arg(hub),
                   this);
    where->setWordWrap(true);
    layout->addWidget(where);
    layout->addWidget(m_list);
    for (const io::HfCacheModel& m : io::huggingFaceCacheModels(hub)) {
        auto* item =
            new QListWidgetItem(tr("%1  (revision %2)").arg(m.repo, m.revision.left(10)), m_list);
        item->setData(Qt::UserRole, m.folder);
        item->setToolTip(m.folder);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    m_open = buttons->button(QDialogButtonBox::Open);
    if (m_list->count() == 0) {
        auto* none = new QLabel(tr("No model with config.json and model.safetensors (or its index) "
                                   "was found there. Download one with huggingface-cli download, "
                                   "or use File ▸ Open model folder…"),
                                this);
        none->setWordWrap(true);
        layout->addWidget(none);
        m_open->setEnabled(false);
    } else {
        m_list->setCurrentRow(0);
    }
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
    resize(560, 380);
}

QString HfCacheDialog::folder() const {
    const QListWidgetItem* item = m_list->currentItem();
    return item != nullptr ? item->data(Qt::UserRole).toString() : QString();
}

} // namespace rope::ui
