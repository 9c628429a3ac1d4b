// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/weights_open.h"
#include "io/weights_probe.h"
#include "ui/compute_pool.h"

#include <QDialogButtonBox>
#include <QFutureWatcher>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <atomic>
#include <memory>

namespace rope::ui {

namespace {

// Shared between the worker and the GUI thread: atomics only, so neither touches the other's
// objects (the dialog polls the counts on a timer; the worker polls the cancel flag).
struct ProbeState {
    std::atomic<int> done{0};
    std::atomic<int> total{0};
    std::atomic<bool> cancel{false};
};

} // namespace

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
    auto state = std::make_shared<ProbeState>();
    QObject::connect(progress, &QProgressDialog::canceled, progress,
                     [state] { state->cancel = true; });
    // The dialog is a child of the window: closing the window destroys it, and the read stops
    // after the tensor it is on (its result would have nowhere to go).
    QObject::connect(progress, &QObject::destroyed, [state] { state->cancel = true; });
    auto* timer = new QTimer(progress);
    QObject::connect(timer, &QTimer::timeout, progress, [progress, state] {
        const int total = state->total;
        if (total > 0) {
            progress->setMaximum(total);
            progress->setValue(state->done);
        }
    });
    timer->start(100);
    auto* watcher = new QFutureWatcher<QString>(progress);
    QObject::connect(watcher, &QFutureWatcher<QString>::finished, progress,
                     [watcher, progress, parent, folder, done = std::move(done), state] {
                         const QString error = watcher->result();
                         progress->deleteLater();
                         if (state->cancel) {
                             return;
                         }
                         if (!error.isEmpty()) {
                             QMessageBox::warning(
                                 parent,
                                 QCoreApplication::translate("rope::ui::WeightsOpen",
                                                             "Cannot read the model's weights"),
                                 error);
                             return;
                         }
                         done(folder);
                     });
    watcher->setFuture(QtConcurrent::run(&computePool(), [folder, state] {
        QString error;
        const auto probe = cachedWeightsProbe(folder, error, [state](int step, int total) {
            state->total = total;
            state->done = step;
            return !state->cancel;
        });
        return probe ? QString() : error;
    }));
}

HfCacheDialog::HfCacheDialog(QWidget* parent)
    : QDialog(parent), m_list(new QListWidget(this)), m_open(nullptr) {
    setWindowTitle(tr("Hugging Face cache"));
    setObjectName(QStringLiteral("hf-cache-dialog"));
    const QString hub = huggingFaceHubFolder();
    auto* layout = new QVBoxLayout(this);
    auto* where =
        new QLabel(tr("Models with safetensors weights in %1 (set HF_HOME or HF_HUB_CACHE "
                      "to look elsewhere):")
                       .arg(hub),
                   this);
    where->setWordWrap(true);
    layout->addWidget(where);
    layout->addWidget(m_list);
    for (const HfCacheModel& m : huggingFaceCacheModels(hub)) {
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
