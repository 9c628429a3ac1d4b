// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/course_pane.h"

#include "figures/language.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

namespace rope::ui {

namespace {
const QString kStepKey = QStringLiteral("course/step");
const QString kSolvedKey = QStringLiteral("course/solved");

bool typedAnswer(const figures::CourseStep& step) {
    return step.kind != figures::CourseKind::Find && !step.answeredByChoice();
}
} // namespace

CoursePane::CoursePane(const std::vector<figures::CourseStep>& steps, bool persistent,
                       QWidget* parent, CourseAnswers* answers)
    : QWidget(parent), m_steps(steps), m_persistent(persistent),
      m_answers(answers != nullptr ? answers : new CourseAnswers(this)), m_title(new QLabel(this)),
      m_progress(new QProgressBar(this)), m_task(new QTextBrowser(this)),
      m_question(new QLabel(this)), m_answerRow(new QWidget(this)),
      m_answer(new QLineEdit(m_answerRow)), m_choices(new QWidget(this)),
      m_choiceLayout(new QVBoxLayout(m_choices)), m_check(new QPushButton(tr("&Check"), this)),
      m_find(new QLabel(this)), m_verdict(new QLabel(this)), m_hint(new QLabel(this)),
      m_explanation(new QTextBrowser(this)), m_previous(new QPushButton(tr("&Previous"), this)),
      m_next(new QPushButton(tr("&Next"), this)),
      m_reveal(new QPushButton(tr("Show &solution"), this)) {
    setObjectName(QStringLiteral("course-pane"));
    m_title->setObjectName(QStringLiteral("course-title"));
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_progress->setObjectName(QStringLiteral("course-progress"));
    m_progress->setRange(0, static_cast<int>(m_steps.size()));
    m_progress->setFormat(tr("%v of %m solved"));
    m_task->setObjectName(QStringLiteral("course-task"));
    m_task->setFrameShape(QFrame::NoFrame);
    m_task->setAccessibleName(tr("Course task"));
    // About seven lines: the question, the answer controls and the verdict stay in view
    // below it (a longer task scrolls).
    m_task->setMaximumHeight(m_task->fontMetrics().lineSpacing() * 7 + 8);
    m_question->setObjectName(QStringLiteral("course-question"));
    m_question->setWordWrap(true);
    m_question->setFont(bold);
    m_answer->setObjectName(QStringLiteral("course-answer"));
    m_answer->setPlaceholderText(tr("Your answer (a number)"));
    m_answer->setAccessibleName(tr("Your answer"));
    m_choices->setObjectName(QStringLiteral("course-choices"));
    m_choiceLayout->setContentsMargins(0, 0, 0, 0);
    m_check->setObjectName(QStringLiteral("course-check"));
    m_find->setObjectName(QStringLiteral("course-find"));
    m_find->setWordWrap(true);
    m_find->setFont(bold);
    m_verdict->setObjectName(QStringLiteral("course-verdict"));
    m_verdict->setWordWrap(true);
    m_hint->setObjectName(QStringLiteral("course-hint"));
    m_hint->setWordWrap(true);
    m_explanation->setObjectName(QStringLiteral("course-explanation"));
    m_explanation->setFrameShape(QFrame::NoFrame);
    m_explanation->setAccessibleName(tr("Worked solution"));
    m_previous->setObjectName(QStringLiteral("course-previous"));
    m_next->setObjectName(QStringLiteral("course-next"));
    m_reveal->setObjectName(QStringLiteral("course-reveal"));
    auto* reopen = new QPushButton(tr("&Reset panel"), this);
    reopen->setObjectName(QStringLiteral("course-reopen"));
    reopen->setToolTip(tr("Put the panel back in the state this step prepared"));

    // Rows of at most two buttons keep the pane narrow: it shares the sidebar with the panels.
    auto* answerRow = new QHBoxLayout(m_answerRow);
    answerRow->setContentsMargins(0, 0, 0, 0);
    answerRow->addWidget(m_answer, 1);
    auto* helpRow = new QHBoxLayout;
    helpRow->addWidget(m_reveal);
    helpRow->addWidget(reopen);
    auto* navigation = new QHBoxLayout;
    navigation->addWidget(m_previous);
    navigation->addWidget(m_next);
    // Everything scrolls inside the pane, so that the controls a kind adds (three choice
    // buttons, the find line) never change the pane's minimum size and with it the docks.
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("course-scroll"));
    scroll->setAccessibleName(tr("Course step"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* content = new QWidget(scroll);
    scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(m_title);
    layout->addWidget(m_progress);
    layout->addWidget(m_task, 1);
    layout->addWidget(m_question);
    layout->addWidget(m_answerRow);
    layout->addWidget(m_choices);
    layout->addWidget(m_check);
    layout->addWidget(m_find);
    layout->addWidget(m_verdict);
    layout->addWidget(m_hint);
    layout->addLayout(helpRow);
    layout->addWidget(m_explanation, 2);
    layout->addLayout(navigation);
    // Scrolls vertically only: the pane is as wide as its widest row of buttons.
    scroll->setMinimumWidth(content->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width());

    const auto check = [this] {
        if (currentStep().answeredByChoice()) {
            const auto picked = std::find_if(m_choiceButtons.begin(), m_choiceButtons.end(),
                                             [](const QRadioButton* b) { return b->isChecked(); });
            if (picked != m_choiceButtons.end()) {
                checkChoice((*picked)->property("choiceId").toString());
            } else {
                m_verdict->setText(tr("Pick one of the answers first."));
            }
        } else {
            checkAnswer(m_answer->text());
        }
    };
    connect(m_check, &QPushButton::clicked, this, check);
    connect(m_answer, &QLineEdit::returnPressed, this, check);
    connect(m_reveal, &QPushButton::clicked, this, &CoursePane::revealAnswer);
    connect(m_previous, &QPushButton::clicked, this, [this] { setCurrentIndex(m_index - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setCurrentIndex(m_index + 1); });
    connect(reopen, &QPushButton::clicked, this, [this] {
        m_committed = false;
        emit openStep(currentStep());
    });
    connect(m_answers, &CourseAnswers::ready, this, &CoursePane::answerArrived);

    if (m_persistent) {
        QSettings settings;
        const QStringList solved = settings.value(kSolvedKey).toStringList();
        for (const QString& id : solved) {
            if (figures::findCourseStep(m_steps, id) != nullptr) {
                m_solved.insert(id);
            }
        }
        const QString current = settings.value(kStepKey).toString();
        for (std::size_t k = 0; k < m_steps.size(); ++k) {
            if (m_steps[k].id == current) {
                m_index = static_cast<int>(k);
            }
        }
    }
    showStep();
}

void CoursePane::setCurrentIndex(int index) {
    if (m_steps.empty()) {
        return;
    }
    m_index = std::clamp(index, 0, static_cast<int>(m_steps.size()) - 1);
    showStep();
    save();
    emit openStep(currentStep());
}

bool CoursePane::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonRelease && watched->property("choiceId").isValid()) {
        const QString id = watched->property("choiceId").toString();
        for (QRadioButton* button : m_choiceButtons) {
            if (button->property("choiceId").toString() == id) {
                button->setChecked(true);
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

bool CoursePane::answerReady() const {
    return !m_steps.empty() && m_answers->value(currentStep()).has_value();
}

void CoursePane::showStep() {
    if (m_steps.empty()) {
        m_title->setText(tr("The course has no steps."));
        return;
    }
    const figures::CourseStep& step = currentStep();
    m_waiting = Waiting::Nothing;
    m_committed = false;
    m_hasState = false;
    m_answer->clear();
    m_explanation->clear();
    m_hint->clear();
    m_find->clear();
    m_reveal->setEnabled(false);
    m_previous->setEnabled(m_index > 0);
    m_next->setEnabled(m_index + 1 < static_cast<int>(m_steps.size()));
    // The kind decides the controls: a field, choice buttons, or the live find line.
    m_choiceButtons.clear();
    for (QWidget* row : m_choices->findChildren<QWidget*>(QStringLiteral("course-choice-row"),
                                                          Qt::FindDirectChildrenOnly)) {
        delete row;
    }
    m_answerRow->setVisible(typedAnswer(step));
    m_choices->setVisible(step.answeredByChoice());
    m_check->setVisible(step.kind != figures::CourseKind::Find);
    m_find->setVisible(step.kind == figures::CourseKind::Find);
    m_check->setText(step.kind == figures::CourseKind::Predict ? tr("Co&mmit") : tr("&Check"));
    m_check->setToolTip(step.kind == figures::CourseKind::Predict
                            ? tr("Commit to your prediction; the panel then shows what happens")
                            : QString());
    const figures::CourseText text = step.text(figures::currentLanguage(), std::nan(""));
    for (const figures::CourseChoice& choice : step.choices) {
        // A radio button cannot wrap its text, so the text is a wrapping label beside it (a
        // click on the label picks the choice too): long choices fit the narrow pane.
        auto* row = new QWidget(m_choices);
        row->setObjectName(QStringLiteral("course-choice-row"));
        auto* rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        auto* button = new QRadioButton(row);
        button->setObjectName(QStringLiteral("course-choice-") + choice.id);
        button->setProperty("choiceId", choice.id);
        button->setAccessibleName(text.choices.value(choice.id));
        // One checked at a time, by hand: Qt's exclusive radio groups let Tab reach only the
        // checked button, and every choice should be reachable with Tab like the other controls.
        button->setAutoExclusive(false);
        connect(button, &QRadioButton::toggled, this, [this, button](bool checked) {
            for (QRadioButton* other : m_choiceButtons) {
                if (checked && other != button) {
                    other->setChecked(false);
                }
            }
        });
        auto* label = new QLabel(text.choices.value(choice.id), row);
        label->setWordWrap(true);
        label->setProperty("choiceId", choice.id);
        label->installEventFilter(this);
        rowLayout->addWidget(button, 0, Qt::AlignTop);
        rowLayout->addWidget(label, 1);
        m_choiceButtons << button;
        m_choiceLayout->addWidget(row);
    }
    // Tab goes from the question's field through the choices to Check, in reading order.
    QWidget* previous = m_answer;
    for (QRadioButton* button : m_choiceButtons) {
        QWidget::setTabOrder(previous, button);
        previous = button;
    }
    QWidget::setTabOrder(previous, m_check);
    if (step.kind == figures::CourseKind::Find) {
        m_find->setText(tr("Not yet: change the panel to reach the goal."));
    }
    showTexts();
    updateProgress();
}

void CoursePane::showTexts() {
    const figures::CourseStep& step = currentStep();
    const std::optional<CourseValue> answer = m_answers->value(step);
    const figures::CourseText text =
        step.text(figures::currentLanguage(),
                  answer && answer->error.isEmpty() ? answer->value : std::nan(""));
    m_title->setText(tr("Step %1 of %2: %3").arg(m_index + 1).arg(m_steps.size()).arg(text.title));
    m_task->setPlainText(text.task);
    m_question->setText(text.question);
    if (!answer) {
        m_verdict->setText(tr("Computing the answer…"));
    } else {
        m_verdict->setText(answer->error);
    }
}

void CoursePane::answerArrived(const QString& stepId) {
    if (m_steps.empty() || stepId != currentStep().id) {
        return; // an earlier step's answer: cached for when the user comes back
    }
    const Waiting waiting = std::exchange(m_waiting, Waiting::Nothing);
    if (waiting == Waiting::Nothing && m_verdict->text() == tr("Computing the answer…")) {
        showTexts();
    }
    switch (waiting) {
    case Waiting::Check:
        checkAnswer(m_waitingText);
        break;
    case Waiting::Choice:
        checkChoice(m_waitingText);
        break;
    case Waiting::Reveal:
        revealAnswer();
        break;
    case Waiting::Nothing:
        break;
    }
    if (currentStep().kind == figures::CourseKind::Find && m_hasState) {
        checkFind();
    }
}

void CoursePane::showSolution(double answer) {
    m_explanation->setPlainText(currentStep().text(figures::currentLanguage(), answer).solution);
}

void CoursePane::markSolved() {
    m_solved.insert(currentStep().id);
    save();
    updateProgress();
}

void CoursePane::showVerdict(const figures::CourseVerdict& verdict, const QString& correctText,
                             const QString& wrongText, double value, double answer) {
    if (verdict.correct) {
        m_verdict->setText(correctText);
        m_hint->clear();
        markSolved();
        showSolution(answer);
        return;
    }
    // The answer stays hidden so the user can try again; Show solution reveals it.
    m_verdict->setText(wrongText);
    m_hint->setText(verdict.hint.isEmpty() ? QString()
                                           : tr("Hint: %1")
                                                 .arg(figures::courseHintText(
                                                     currentStep(), verdict.hint,
                                                     figures::currentLanguage(), value, answer)));
    m_reveal->setEnabled(true);
}

bool CoursePane::checkAnswer(const QString& text) {
    if (m_steps.empty() || !typedAnswer(currentStep())) {
        return false;
    }
    const figures::CourseStep& step = currentStep();
    bool ok = false;
    // Accept both the C locale ("4096.5") and the user's ("4096,5").
    double value = text.trimmed().toDouble(&ok);
    if (!ok) {
        value = QLocale().toDouble(text.trimmed(), &ok);
    }
    if (!ok || !std::isfinite(value)) {
        m_verdict->setText(
            tr("Not a number: '%1'. Type a number such as 46 or 0.94.").arg(text.trimmed()));
        return false;
    }
    const std::optional<CourseValue> answer = m_answers->value(step);
    // A requirement (the typed base must itself be feasible) is computed for values within
    // the tolerance only, on the pool like the answer.
    std::optional<CourseValue> requirement;
    bool waiting = !answer;
    if (answer && answer->error.isEmpty() &&
        figures::isCourseAnswerCorrect(step, value, answer->value)) {
        if (const auto req = figures::courseRequirementStep(step, value)) {
            requirement = m_answers->value(*req);
            waiting = !requirement;
        }
    }
    if (waiting) {
        m_waiting = Waiting::Check;
        m_waitingText = text;
        m_verdict->setText(tr("Computing the answer… %1 will be checked when it is ready.")
                               .arg(figures::formatCourseNumber(value)));
        return false;
    }
    if (!answer->error.isEmpty()) {
        m_verdict->setText(answer->error);
        return false;
    }
    if (step.kind == figures::CourseKind::Predict && !m_committed) {
        m_committed = true;
        emit revealStep(step);
    }
    figures::CourseResponse response;
    response.number = value;
    const std::optional<double> reqValue = requirement && requirement->error.isEmpty()
                                               ? std::optional(requirement->value)
                                               : std::nullopt;
    const figures::CourseVerdict verdict =
        figures::judgeCourseAnswer(step, response, answer->value, reqValue);
    const QString expectedText = figures::formatCourseNumber(answer->value);
    const double tolerance = figures::courseTolerance(step, answer->value);
    const QString toleranceText = figures::formatCourseNumber(tolerance);
    showVerdict(verdict,
                tolerance > 0
                    ? tr("Correct: the answer is %1 (±%2).").arg(expectedText, toleranceText)
                    : tr("Correct: the answer is %1.").arg(expectedText),
                tr("Not quite: %1 is not it. Try again, or press Show solution.")
                    .arg(figures::formatCourseNumber(value)),
                value, answer->value);
    return verdict.correct;
}

bool CoursePane::checkChoice(const QString& id) {
    if (m_steps.empty() || !currentStep().answeredByChoice()) {
        return false;
    }
    const figures::CourseStep& step = currentStep();
    const figures::CourseText text = step.text(figures::currentLanguage(), std::nan(""));
    if (!text.choices.contains(id)) {
        return false;
    }
    for (QRadioButton* button : m_choiceButtons) {
        if (button->property("choiceId").toString() == id) {
            button->setChecked(true);
        }
    }
    const std::optional<CourseValue> answer = m_answers->value(step);
    if (!answer) {
        m_waiting = Waiting::Choice;
        m_waitingText = id;
        m_verdict->setText(tr("Computing the answer…"));
        return false;
    }
    if (!answer->error.isEmpty()) {
        m_verdict->setText(answer->error);
        return false;
    }
    if (step.kind == figures::CourseKind::Predict && !m_committed) {
        m_committed = true;
        emit revealStep(step);
    }
    figures::CourseResponse response;
    response.choice = id;
    const figures::CourseVerdict verdict =
        figures::judgeCourseAnswer(step, response, answer->value);
    showVerdict(verdict, tr("Correct: %1.").arg(text.choices.value(id)),
                tr("Not this one. Try again, or press Show solution."), std::nan(""),
                answer->value);
    return verdict.correct;
}

void CoursePane::revealAnswer() {
    if (m_steps.empty()) {
        return;
    }
    const figures::CourseStep& step = currentStep();
    const std::optional<CourseValue> answer = m_answers->value(step);
    if (!answer) {
        m_waiting = Waiting::Reveal;
        m_verdict->setText(tr("Computing the answer…"));
        return;
    }
    if (!answer->error.isEmpty()) {
        m_verdict->setText(answer->error);
        return;
    }
    if (step.kind == figures::CourseKind::Predict && !m_committed) {
        m_committed = true;
        emit revealStep(step);
    }
    if (step.answeredByChoice()) {
        const QString id = figures::correctCourseChoice(step, answer->value);
        m_verdict->setText(
            tr("The answer is: %1.")
                .arg(step.text(figures::currentLanguage(), answer->value).choices.value(id)));
    } else if (step.kind != figures::CourseKind::Find) {
        m_verdict->setText(tr("The answer is %1.").arg(figures::formatCourseNumber(answer->value)));
    }
    showSolution(answer->value);
}

void CoursePane::commitPrediction() {
    if (!m_steps.empty() && currentStep().kind == figures::CourseKind::Predict && !m_committed) {
        m_committed = true;
        emit revealStep(currentStep());
    }
}

void CoursePane::setPanelState(const QVariantMap& state) {
    if (m_steps.empty() || currentStep().kind != figures::CourseKind::Find) {
        return;
    }
    m_state = state;
    m_hasState = true;
    checkFind();
}

void CoursePane::checkFind() {
    const figures::CourseStep& step = currentStep();
    figures::CourseStep at;
    try {
        at = figures::courseStepAtState(step, m_state);
    } catch (const figures::CourseError& e) {
        m_find->setText(QString::fromUtf8(e.what()));
        return;
    }
    // One state at a time, the newest: while a computation runs (a drag sends many states),
    // the check waits and answerArrived() asks again for the state current then.
    std::optional<CourseValue> value = m_answers->cached(at);
    if (!value && !m_answers->computing()) {
        value = m_answers->value(at);
    }
    if (!value) {
        m_find->setText(tr("Checking the panel…"));
        return;
    }
    if (!value->error.isEmpty()) {
        m_find->setText(value->error);
        return;
    }
    figures::CourseResponse response;
    response.number = value->value;
    const figures::CourseVerdict verdict = figures::judgeCourseAnswer(step, response, 0);
    if (verdict.correct) {
        m_find->setText(tr("Reached ✓"));
        m_hint->clear();
        if (!m_solved.contains(step.id)) {
            markSolved();
        }
        const std::optional<CourseValue> start = m_answers->value(step);
        showSolution(start && start->error.isEmpty() ? start->value : std::nan(""));
    } else {
        m_find->setText(tr("Not yet."));
        m_hint->setText(verdict.hint.isEmpty() ? QString()
                                               : figures::courseHintText(
                                                     step, verdict.hint, figures::currentLanguage(),
                                                     value->value, value->value));
        m_reveal->setEnabled(true);
    }
}

QString CoursePane::findStatus() const {
    return m_find->text();
}

void CoursePane::updateProgress() {
    m_progress->setValue(static_cast<int>(m_solved.size()));
}

void CoursePane::save() const {
    if (!m_persistent || m_steps.empty()) {
        return;
    }
    QSettings settings;
    settings.setValue(kStepKey, currentStep().id);
    QStringList solved(m_solved.begin(), m_solved.end());
    solved.sort();
    settings.setValue(kSolvedKey, solved);
}

} // namespace rope::ui
