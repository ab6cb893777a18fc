// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {IPolicyModule} from "./interfaces/IPolicyModule.sol";
import {IOrgRegistry} from "./interfaces/IOrgRegistry.sol";
import {ITreasury} from "./interfaces/ITreasury.sol";
import {IRateRecorder} from "./interfaces/IRateRecorder.sol";
import {Governed} from "./base/Governed.sol";
import {Verdict} from "./base/Verdict.sol";
import {SessionRegistry} from "./SessionRegistry.sol";

/// @title EscalationRouter
/// @notice The only way an agent's spend reaches one asset's treasury. A proposal meets the
/// proposer's policy stack: DENY reverts, ALLOW settles at once (when the caller may spend),
/// anything else becomes an intent that waits for the proposer's parent. Each approval re-checks
/// the approver's own stack, so an intent climbs the org tree until a seat whose stack allows it
/// (or a human root) settles it. Money moves in `_settle` alone.
contract EscalationRouter is Governed, ReentrancyGuard {
    uint8 private constant PROPOSE_INTENT = 1;
    uint8 private constant SPEND_WHITELIST = 2;

    struct Intent {
        address agent;
        address target;
        uint256 value;
        bytes data;
        address awaitingApprover;
        bool resolved;
        bool approved;
    }

    IOrgRegistry public immutable org;
    SessionRegistry public immutable sessions;
    ITreasury public immutable treasury;
    address public immutable token;

    /// @notice The default stack, for every node without its own binding.
    address public policy;
    /// @notice The default rate recorder; a node's own recorder wins over it.
    address public rateRecorder;
    uint256 public nextIntentId = 1;

    mapping(uint256 => Intent) public intents;
    mapping(address => address) public nodePolicy;
    mapping(address => address) public nodeRateRecorder;
    /// @notice Contracts the router must never call or pay: a settled intent is an agent action,
    /// and an agent action reaching the protocol itself would bypass governance.
    mapping(address => bool) public isProtected;

    event DefaultPolicySet(address indexed policy);
    event NodePolicySet(address indexed node, address indexed policy);
    event RateRecorderSet(address indexed recorder);
    event NodeRateRecorderSet(address indexed node, address indexed recorder);
    event ProtectedTargetSet(address indexed target, bool isProtected);
    event IntentCreated(
        uint256 indexed id,
        address indexed agent,
        address indexed approver,
        address target,
        uint256 value,
        uint8 verdict
    );
    event IntentEscalated(uint256 indexed id, address indexed from, address indexed to);
    event IntentDenied(uint256 indexed id, address indexed approver);
    event IntentResolved(uint256 indexed id, bool approved, address indexed approver);
    event ActionExecuted(
        uint256 indexed intentId,
        address indexed agent,
        address indexed target,
        uint256 value,
        bool callOk
    );

    error InactiveAgent(address agent);
    error InvalidSession();
    error SessionScopeDenied();
    error SessionValueExceeded(address agent, uint256 value, uint256 max);
    error SessionTargetDenied(address target);
    error SessionTimeWindowDenied();
    error RateLimitExceeded(address agent, uint32 maxActions, uint32 windowSeconds);
    error UnexpectedVerdict(uint8 verdict);
    error NoApprover(address agent);
    error IntentNotFound(uint256 id);
    error IntentAlreadyResolved(uint256 id);
    error NotAwaitingApprover(uint256 id, address caller);
    error InactiveApprover(address approver);
    error ProtectedTarget(address target);

    constructor(
        address governor,
        IOrgRegistry org_,
        SessionRegistry sessions_,
        ITreasury treasury_,
        address token_
    ) Governed(governor) {
        org = org_;
        sessions = sessions_;
        treasury = treasury_;
        token = token_;
        _protect(address(org_));
        _protect(address(sessions_));
        _protect(address(treasury_));
        _protect(token_);
        _protect(address(this));
    }

    function setDefaultPolicy(address policy_) external onlyOwner {
        policy = policy_;
        _protect(policy_);
        emit DefaultPolicySet(policy_);
    }

    /// @param policy_ the node's own stack; zero unbinds it back to the default.
    function setNodePolicy(address node, address policy_) external onlyOwner {
        nodePolicy[node] = policy_;
        _protect(policy_);
        emit NodePolicySet(node, policy_);
    }

    function setRateRecorder(address recorder) external onlyOwner {
        rateRecorder = recorder;
        _protect(recorder);
        emit RateRecorderSet(recorder);
    }

    function setNodeRateRecorder(address node, address recorder) external onlyOwner {
        nodeRateRecorder[node] = recorder;
        _protect(recorder);
        emit NodeRateRecorderSet(node, recorder);
    }

    /// @notice For protocol contracts deployed after the router (streamers, modules).
    function setProtected(address target, bool protected_) external onlyOwner {
        isProtected[target] = protected_;
        emit ProtectedTargetSet(target, protected_);
    }

    function policyOf(address node) public view returns (address) {
        address own = nodePolicy[node];
        return own == address(0) ? policy : own;
    }

    function rateRecorderOf(address node) public view returns (address) {
        address own = nodeRateRecorder[node];
        return own == address(0) ? rateRecorder : own;
    }

    /// @notice Proposes a spend (and an optional call) for `agent`, sent by the agent itself or by
    /// one of its session keys. Returns id 0 when it settled at once, else the new intent's id.
    function propose(
        address agent,
        address target,
        uint256 value,
        bytes calldata data
    ) external nonReentrant returns (uint256 id, uint8 verdict) {
        // An unknown account reads as inactive, so one check covers both.
        if (!org.isActive(agent)) revert InactiveAgent(agent);
        if (_isProtected(target)) revert ProtectedTarget(target);
        (bool canSpend, uint256 sessionId) = _checkCaller(agent, target, value);

        verdict = IPolicyModule(policyOf(agent)).check(agent, target, value, data);
        // DENY, or a verdict this router does not know, is never stored: nothing to approve.
        if (verdict != Verdict.ALLOW && verdict != Verdict.ESCALATE) revert UnexpectedVerdict(verdict);

        _recordRate(agent, sessionId);
        if (verdict == Verdict.ALLOW && canSpend) {
            _settle(0, agent, target, value, data);
            return (0, verdict);
        }
        address parent = org.parentOf(agent);
        if (parent == address(0)) revert NoApprover(agent);
        id = nextIntentId++;
        intents[id] = Intent(agent, target, value, data, parent, false, false);
        emit IntentCreated(id, agent, parent, target, value, verdict);
    }

    /// @notice The waiting seat approves or rejects. An approval is re-checked against the
    /// approver's own stack, so a manager can never approve beyond what it could spend itself.
    function resolve(uint256 id, bool approved) external nonReentrant {
        if (id == 0 || id >= nextIntentId) revert IntentNotFound(id);
        Intent storage it = intents[id];
        if (it.resolved) revert IntentAlreadyResolved(id);
        address approver = it.awaitingApprover;
        if (msg.sender != approver) revert NotAwaitingApprover(id, msg.sender);
        // A seat deactivated or removed while an intent waited has lost its say: a removed node
        // would otherwise read as parentless, i.e. as the top of the tree, and settle on ESCALATE.
        if (!org.isActive(approver)) revert InactiveApprover(approver);
        if (!approved) return _close(id, false, approver);

        uint8 verdict = IPolicyModule(policyOf(approver)).check(approver, it.target, it.value, it.data);
        if (verdict == Verdict.ALLOW) return _approve(id, approver);
        if (verdict == Verdict.ESCALATE) {
            address parent = org.parentOf(approver);
            // The top of the tree has no one to defer to: a human's approval there is final.
            if (parent == address(0) || org.kindOf(approver) == IOrgRegistry.NodeKind.HumanRoot) {
                return _approve(id, approver);
            }
            it.awaitingApprover = parent;
            emit IntentEscalated(id, approver, parent);
            return;
        }
        // DENY (or anything unknown) binds every level: the intent closes, nothing moves.
        emit IntentDenied(id, approver);
        _close(id, false, approver);
    }

    /// @notice Full intent record, data included (the public getter is positional).
    function getIntent(uint256 id) external view returns (Intent memory) {
        return intents[id];
    }

    function _approve(uint256 id, address approver) private {
        Intent storage it = intents[id];
        _close(id, true, approver);
        _settle(id, it.agent, it.target, it.value, it.data);
    }

    function _close(uint256 id, bool approved, address approver) private {
        Intent storage it = intents[id];
        it.resolved = true;
        it.approved = approved;
        emit IntentResolved(id, approved, approver);
    }

    /// @dev Runs the session checks when a key (not the agent) calls. Returns whether the
    /// caller may settle an ALLOW at once, and the session id (0 for the agent itself).
    function _checkCaller(
        address agent,
        address target,
        uint256 value
    ) private view returns (bool canSpend, uint256 sessionId) {
        if (msg.sender == agent) return (true, 0);
        sessionId = sessions.sessionIdOfKey(msg.sender);
        if (sessionId == 0 || !sessions.isValid(sessionId)) revert InvalidSession();
        (address owner_, , , uint8 mask, , uint32 wStart, uint32 wEnd, uint256 maxValue) = sessions.sessions(
            sessionId
        );
        if (owner_ != agent) revert InvalidSession();
        if (mask & PROPOSE_INTENT == 0) revert SessionScopeDenied();
        if (value > maxValue) revert SessionValueExceeded(agent, value, maxValue);
        if (!sessions.isTargetAllowed(sessionId, target)) revert SessionTargetDenied(target);
        if (wStart != 0 || wEnd != 0) {
            uint256 second = block.timestamp % 86400;
            if (second < wStart || second >= wEnd) revert SessionTimeWindowDenied();
        }
        if (sessions.isRateLimited(sessionId)) {
            (uint32 maxActions, uint32 windowSeconds, , ) = sessions.rateLimits(sessionId);
            revert RateLimitExceeded(agent, maxActions, windowSeconds);
        }
        canSpend = mask & SPEND_WHITELIST != 0;
    }

    /// @dev Once per accepted proposal: the agent's rate policy and the key's own limit.
    function _recordRate(address agent, uint256 sessionId) private {
        address recorder = rateRecorderOf(agent);
        if (recorder != address(0)) IRateRecorder(recorder).record(agent);
        if (sessionId != 0) sessions.recordProposal(sessionId);
    }

    /// @dev The single place where value leaves the treasury or a call is made for an agent.
    function _settle(uint256 id, address agent, address target, uint256 value, bytes memory data) private {
        if (_isProtected(target)) revert ProtectedTarget(target);
        if (value > 0) treasury.spendAllowance(agent, value, target);
        // callOk is true when no call was asked for; a failed call does not undo the payment,
        // it is reported so the operator sees it (the spend itself was approved).
        bool callOk = true;
        if (data.length > 0) (callOk, ) = target.call(data);
        emit ActionExecuted(id, agent, target, value, callOk);
    }

    function _isProtected(address target) private view returns (bool) {
        return isProtected[target] || target == owner();
    }

    function _protect(address target) private {
        if (target == address(0) || isProtected[target]) return;
        isProtected[target] = true;
        emit ProtectedTargetSet(target, true);
    }
}
