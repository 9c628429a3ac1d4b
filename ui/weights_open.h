// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QString>

#include <functional>

class QListWidget;
class QPushButton;

/// \file weights_open.h
/// Opening a model's weights for the weights panel: the probe (io/weights_probe.h) runs on the
/// compute pool behind a progress dialog that can cancel it, and a dialog lists the models of the
/// Hugging Face cache.

namespace rope::ui {

/// \brief Reads the q/k norms of \p folder off the GUI thread with a modal progress dialog; on
/// success calls \p done with the folder (the probe is then cached, so the panel's own
/// computation reads nothing), on failure shows the reason in a message box. Returns at once.
void loadWeightsFolder(QWidget* parent, const QString& folder,
                       std::function<void(const QString& folder)> done);

/// \brief Lists the models of the Hugging Face cache (huggingFaceHubFolder()) that have
/// safetensors weights; the chosen one's snapshot folder is folder().
class HfCacheDialog : public QDialog {
    Q_OBJECT
public:
    explicit HfCacheDialog(QWidget* parent = nullptr);
    QString folder() const;

private:
    QListWidget* m_list;
    QPushButton* m_open;
};

} // namespace rope::ui
