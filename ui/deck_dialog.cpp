// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/deck_dialog.h"

#include "figures/figure_registry.h"
#include "figures/language.h"
#include "figures/option_table.h"
#include "ui/render/deck_export.h"
#include "ui/render/figure_export.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QVBoxLayout>

#include <atomic>

namespace rope::ui {

namespace {

// The context of this file's strings in the translations.
class DeckDialog {
    Q_DECLARE_TR_FUNCTIONS(DeckDialog)
};

QString askPdfPath(QWidget* parent, const QString& caption, const QString& name) {
    QSettings settings;
    const QString dir =
        settings.value(QStringLiteral("export/directory"), QDir::homePath()).toString();
    QString path = QFileDialog::getSaveFileName(parent, caption, QDir(dir).filePath(name),
                                                DeckDialog::tr("PDF document (*.pdf)"));
    if (path.isEmpty()) {
        return {};
    }
    if (QFileInfo(path).suffix().toLower() != QLatin1String("pdf")) {
        path += QStringLiteral(".pdf");
    }
    settings.setValue(QStringLiteral("export/directory"), QFileInfo(path).absolutePath());
    return path;
}

// Runs \p make with a progress dialog (the pages are drawn on this thread: QCustomPlot is a
// widget) and writes its bytes; an error or a cancel is reported, never silent.
QString writeWithProgress(QWidget* parent, const QString& path, const QString& label,
                          const std::function<QByteArray(const DeckProgress&)>& make) {
    QProgressDialog progress(label, DeckDialog::tr("Cancel"), 0, 1, parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    // Cancel sets the flag at once (a signal, not a poll), which stops a page's figure inside
    // core while it is computed; between pages the step asks the dialog as well.
    std::atomic<bool> cancelled{false};
    QObject::connect(&progress, &QProgressDialog::canceled, &progress,
                     [&cancelled] { cancelled.store(true); });
    const DeckProgress step(
        [&progress](int done, int total) {
            progress.setMaximum(total);
            progress.setValue(done);
            QCoreApplication::processEvents();
            return !progress.wasCanceled();
        },
        &cancelled);
    try {
        const QByteArray bytes = make(step);
        progress.reset();
        if (bytes.isEmpty()) {
            return {}; // cancelled: nothing was written
        }
        writePdf(path, bytes);
        return path;
    } catch (const std::exception& e) {
        progress.reset();
        QMessageBox::warning(parent, DeckDialog::tr("Export failed"), QString::fromUtf8(e.what()));
        return {};
    }
}

} // namespace

QString exportSlidesInteractively(QWidget* parent, const rope::RopeParams& params,
                                  const std::function<figures::FigureOptions(const QString&)>& optionsOf,
                                  const QString& currentPanel) {
    QDialog dialog(parent);
    dialog.setWindowTitle(DeckDialog::tr("Export slides"));
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(
        DeckDialog::tr("One 16:9 slide per checked panel, with the current parameters and options:"),
        &dialog));
    auto* list = new QListWidget(&dialog);
    list->setObjectName(QStringLiteral("slide-panels"));
    for (const figures::Figure& f : figures::allFigures()) {
        const QString id = figures::figureId(f);
        const QString title = QCoreApplication::translate("Figures", f.title);
        // A panel with pages (the derivation) offers each page as a slide of its own; the
        // page the panel shows now is checked when it is the current panel.
        int pages = 0;
        for (const figures::OptionSpec& o : f.options()) {
            if (QLatin1String(o.id) == QLatin1String("page")) {
                pages = static_cast<int>(o.max);
            }
        }
        const int shownPage =
            pages > 0 ? optionsOf(id).value(QStringLiteral("page"), 1).toInt() : 0;
        for (int page = pages > 0 ? 1 : 0; page <= pages; ++page) {
            auto* item = new QListWidgetItem(
                page > 0 ? DeckDialog::tr("%1, page %2").arg(title).arg(page) : title, list);
            item->setData(Qt::UserRole, id);
            item->setData(Qt::UserRole + 1, page);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(id == currentPanel && page == shownPage ? Qt::Checked
                                                                        : Qt::Unchecked);
        }
    }
    layout->addWidget(list);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted) {
        return {};
    }
    std::vector<SlideSpec> slides;
    for (int k = 0; k < list->count(); ++k) {
        if (list->item(k)->checkState() == Qt::Checked) {
            const QString id = list->item(k)->data(Qt::UserRole).toString();
            figures::FigureOptions options = optionsOf(id);
            if (const int page = list->item(k)->data(Qt::UserRole + 1).toInt(); page > 0) {
                options.insert(QStringLiteral("page"), page);
            }
            slides.push_back({figures::findFigure(id.toStdString()), params, options});
        }
    }
    if (slides.empty()) {
        QMessageBox::information(parent, DeckDialog::tr("Export slides"), DeckDialog::tr("No panel was checked."));
        return {};
    }
    const QString path = askPdfPath(parent, DeckDialog::tr("Export slides"), QStringLiteral("slides.pdf"));
    if (path.isEmpty()) {
        return {};
    }
    return writeWithProgress(parent, path, DeckDialog::tr("Drawing the slides…"),
                             [&slides](const DeckProgress& p) { return slidesPdf(slides, p); });
}

QString exportHandoutInteractively(QWidget* parent) {
    // The edition first: the student sheets go to class, the answer key stays with the
    // lecturer (two files, so the answers never end up in the students' copy).
    const QStringList editions = {
        DeckDialog::tr("Student sheets (questions with their figures, no answers)"),
        DeckDialog::tr("Answer key (answers, hints and worked solutions)")};
    bool ok = false;
    const QString chosen =
        QInputDialog::getItem(parent, DeckDialog::tr("Export handout"), DeckDialog::tr("Edition:"),
                              editions, 0, false, &ok);
    if (!ok) {
        return {};
    }
    const HandoutEdition edition =
        chosen == editions.at(1) ? HandoutEdition::Key : HandoutEdition::Student;
    const QString name = edition == HandoutEdition::Key ? QStringLiteral("course-key.pdf")
                                                        : QStringLiteral("course.pdf");
    const QString path = askPdfPath(parent, DeckDialog::tr("Export handout"), name);
    if (path.isEmpty()) {
        return {};
    }
    const QString language = figures::currentLanguage();
    return writeWithProgress(
        parent, path, DeckDialog::tr("Drawing the handout…"),
        [&language, edition](const DeckProgress& p) { return handoutPdf(language, edition, p); });
}

} // namespace rope::ui
