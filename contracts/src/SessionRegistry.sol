// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {Governed} from "./base/Governed.sol";

/// @title SessionRegistry
/// @notice Bounded, expiring keys that let an agent's runtime propose without the agent's own
/// key. A key can only ever narrow what its agent may do: a scope mask, a per-proposal value
/// ceiling, optional pinned targets, an optional UTC time window and an optional rate limit.
/// The routers enforce these bounds at `propose`; this contract only stores them and counts
/// proposals, so that one registry serves every asset's router.
contract SessionRegistry is Governed {
    using EnumerableSet for EnumerableSet.AddressSet;

    uint8 public constant PROPOSE_INTENT = 1;
    uint8 public constant SPEND_WHITELIST = 2;
    uint8 public constant ALL = 3;

    struct Session {
        address agent;
        address key;
        uint64 expiresAt;
        uint8 scopeMask;
        bool revoked;
        // Optional UTC window [windowStart, windowEnd) in seconds of the day; both 0 means none.
        uint32 windowStart;
        uint32 windowEnd;
        // uint256 max means unlimited, so an unscoped key needs no special case.
        uint256 maxValue;
    }

    /// @dev A rolling window like RateLimitPolicy's: the first proposal after expiry opens a new one.
    struct RateLimit {
        uint32 maxActions;
        uint32 windowSeconds;
        uint64 windowStart;
        uint32 count;
    }

    /// @notice The human root: it alone names the issuer, and it can always issue and revoke.
    address public immutable humanRoot;
    address public issuer;
    uint256 public nextSessionId = 1;

    mapping(uint256 => Session) public sessions;
    mapping(uint256 => RateLimit) public rateLimits;
    /// @notice The session a key belongs to (0: none). A key serves one session for life, so the
    /// router's lookup from `msg.sender` is unambiguous and a revoked key cannot be revived.
    mapping(address => uint256) public sessionIdOfKey;
    mapping(address => bool) public isRouter;

    mapping(uint256 => EnumerableSet.AddressSet) private _pins;
    mapping(address => uint256[]) private _byAgent;

    event IssuerUpdated(address indexed issuer);
    event RouterUpdated(address indexed router, bool allowed);
    event SessionIssued(
        uint256 indexed id,
        address indexed agent,
        address indexed key,
        uint64 expiresAt,
        uint8 scopeMask,
        uint256 maxValue
    );
    event SessionTargetsPinned(uint256 indexed id, address[] targets);
    event SessionLimitsSet(
        uint256 indexed id,
        uint32 windowStart,
        uint32 windowEnd,
        uint32 maxActions,
        uint32 windowSeconds
    );
    event SessionRevoked(uint256 indexed id, address indexed by);

    error NotAuthorized();
    error NotRouter();
    error InvalidExpiry();
    error InvalidScopeMask();
    error InvalidWindow();
    error InvalidRateLimit();
    error InvalidKey();
    error SessionNotFound(uint256 id);
    error AlreadyRevoked(uint256 id);
    error RateLimitExceeded(address agent, uint32 maxActions, uint32 windowSeconds);

    constructor(address governor, address humanRoot_, address issuer_) Governed(governor) {
        humanRoot = humanRoot_;
        issuer = issuer_;
        emit IssuerUpdated(issuer_);
    }

    modifier onlyRootOrIssuer() {
        if (msg.sender != humanRoot && msg.sender != issuer) revert NotAuthorized();
        _;
    }

    /// @notice Only the root may delegate issuance: an issuer key is a standing power to mint keys.
    function setIssuer(address issuer_) external {
        if (msg.sender != humanRoot) revert NotAuthorized();
        issuer = issuer_;
        emit IssuerUpdated(issuer_);
    }

    function setRouter(address router, bool allowed) external onlyOwner {
        isRouter[router] = allowed;
        emit RouterUpdated(router, allowed);
    }

    function issue(
        address agent,
        address key,
        uint64 expiresAt,
        uint8 scopeMask,
        uint256 maxValue
    ) external onlyRootOrIssuer returns (uint256 id) {
        id = _issue(agent, key, expiresAt, scopeMask, maxValue);
    }

    function issueScoped(
        address agent,
        address key,
        uint64 expiresAt,
        uint8 scopeMask,
        uint256 maxValue,
        address[] calldata targets
    ) external onlyRootOrIssuer returns (uint256 id) {
        id = _issue(agent, key, expiresAt, scopeMask, maxValue);
        _pin(id, targets);
    }

    /// @param windowStart,windowEnd UTC seconds of the day, [start, end); both 0 for no window.
    /// @param maxActions,windowSeconds proposals per rolling window; both 0 for no rate limit.
    function issueScopedTimed(
        address agent,
        address key,
        uint64 expiresAt,
        uint8 scopeMask,
        uint256 maxValue,
        address[] calldata targets,
        uint32 windowStart,
        uint32 windowEnd,
        uint32 maxActions,
        uint32 windowSeconds
    ) external onlyRootOrIssuer returns (uint256 id) {
        bool hasWindow = windowStart != 0 || windowEnd != 0;
        if (hasWindow && (windowEnd <= windowStart || windowEnd > 86400)) revert InvalidWindow();
        bool hasRate = maxActions != 0 || windowSeconds != 0;
        if (hasRate && (maxActions == 0 || windowSeconds == 0)) revert InvalidRateLimit();
        id = _issue(agent, key, expiresAt, scopeMask, maxValue);
        _pin(id, targets);
        sessions[id].windowStart = windowStart;
        sessions[id].windowEnd = windowEnd;
        rateLimits[id] = RateLimit(maxActions, windowSeconds, 0, 0);
        emit SessionLimitsSet(id, windowStart, windowEnd, maxActions, windowSeconds);
    }

    function revoke(uint256 id) external onlyRootOrIssuer {
        Session storage s = sessions[id];
        if (s.agent == address(0)) revert SessionNotFound(id);
        if (s.revoked) revert AlreadyRevoked(id);
        s.revoked = true;
        emit SessionRevoked(id, msg.sender);
    }

    /// @notice Counts one accepted proposal against the session's own rate limit. The router has
    /// already checked it; checking again here keeps the count honest for any router.
    function recordProposal(uint256 id) external {
        if (!isRouter[msg.sender]) revert NotRouter();
        RateLimit storage r = rateLimits[id];
        if (r.maxActions == 0) return;
        if (block.timestamp >= uint256(r.windowStart) + r.windowSeconds) {
            r.windowStart = uint64(block.timestamp);
            r.count = 0;
        }
        if (r.count >= r.maxActions) revert RateLimitExceeded(sessions[id].agent, r.maxActions, r.windowSeconds);
        r.count += 1;
    }

    /// @notice Valid means issued, unrevoked and not yet expired; an expired key reads as dead.
    function isValid(uint256 id) public view returns (bool) {
        Session storage s = sessions[id];
        return s.agent != address(0) && !s.revoked && block.timestamp < s.expiresAt;
    }

    /// @notice No pins means any target: pins only ever narrow.
    function isTargetAllowed(uint256 id, address target) external view returns (bool) {
        EnumerableSet.AddressSet storage pins = _pins[id];
        return pins.length() == 0 || pins.contains(target);
    }

    /// @notice Whether the session's own rate limit would refuse one more proposal now.
    function isRateLimited(uint256 id) external view returns (bool) {
        RateLimit storage r = rateLimits[id];
        if (r.maxActions == 0) return false;
        if (block.timestamp >= uint256(r.windowStart) + r.windowSeconds) return false;
        return r.count >= r.maxActions;
    }

    function sessionsOf(address agent) external view returns (uint256[] memory) {
        return _byAgent[agent];
    }

    function allowedTargetsOf(uint256 id) external view returns (address[] memory) {
        return _pins[id].values();
    }

    function _issue(
        address agent,
        address key,
        uint64 expiresAt,
        uint8 scopeMask,
        uint256 maxValue
    ) private returns (uint256 id) {
        if (agent == address(0) || key == address(0) || key == agent) revert InvalidKey();
        if (sessionIdOfKey[key] != 0) revert InvalidKey();
        if (expiresAt <= block.timestamp) revert InvalidExpiry();
        if (scopeMask == 0 || scopeMask > ALL) revert InvalidScopeMask();
        id = nextSessionId++;
        sessions[id] = Session(agent, key, expiresAt, scopeMask, false, 0, 0, maxValue);
        sessionIdOfKey[key] = id;
        _byAgent[agent].push(id);
        emit SessionIssued(id, agent, key, expiresAt, scopeMask, maxValue);
    }

    function _pin(uint256 id, address[] calldata targets) private {
        if (targets.length == 0) return;
        for (uint256 i = 0; i < targets.length; i++) _pins[id].add(targets[i]);
        emit SessionTargetsPinned(id, targets);
    }
}
