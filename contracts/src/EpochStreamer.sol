// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";
import {ITreasury} from "./interfaces/ITreasury.sol";
import {Governed} from "./base/Governed.sol";

/// @notice Streams each recipient's grant from the treasury into its allowance once per epoch.
/// Epochs are fixed windows of `epochSeconds` counted from deployment, and an epoch runs at most
/// once, so two orchestrator replicas (or a retried request) cannot pay a window twice. A window
/// nobody ran is not paid later: catching up would be a surprise burst of outflows after an outage.
/// The governor sets the grants; the operator (the orchestrator's wallet) only triggers.
contract EpochStreamer is Governed {
    using EnumerableSet for EnumerableSet.AddressSet;

    event GrantUpdated(address indexed recipient, uint256 amount);
    event OperatorSet(address indexed operator);
    event EpochRun(uint256 indexed epoch, uint256 recipients, uint256 total);

    error NotOperator(address caller);
    error EmptySchedule();
    error EpochAlreadyRun(uint256 epoch);
    error InvalidEpochLength();
    error LengthMismatch();

    ITreasury public immutable treasury;
    uint256 public immutable epochSeconds;
    uint256 public immutable genesis;
    address public operator;
    /// @notice The last epoch run; 0 before the first.
    uint256 public currentEpoch;
    mapping(address recipient => uint256) public grantAmount;

    EnumerableSet.AddressSet private _recipients;

    constructor(address governor, ITreasury treasury_, address operator_, uint256 epochSeconds_) Governed(governor) {
        if (epochSeconds_ == 0) revert InvalidEpochLength();
        treasury = treasury_;
        operator = operator_;
        epochSeconds = epochSeconds_;
        genesis = block.timestamp;
        emit OperatorSet(operator_);
    }

    function setOperator(address operator_) external onlyOwner {
        operator = operator_;
        emit OperatorSet(operator_);
    }

    /// @notice A zero amount removes the recipient from the schedule.
    function setGrant(address recipient, uint256 amount) external onlyOwner {
        _setGrant(recipient, amount);
    }

    function setGrants(address[] calldata recipients_, uint256[] calldata amounts) external onlyOwner {
        if (recipients_.length != amounts.length) revert LengthMismatch();
        for (uint256 i = 0; i < recipients_.length; i++) _setGrant(recipients_[i], amounts[i]);
    }

    function recipients() external view returns (address[] memory) {
        return _recipients.values();
    }

    /// @notice The epoch whose window contains now (the first window is epoch 1).
    function epochNow() public view returns (uint256) {
        return (block.timestamp - genesis) / epochSeconds + 1;
    }

    /// @notice Streams every grant for the current window. The treasury reverts InsufficientTreasury
    /// on the first grant it cannot cover, which reverts the whole epoch: all paid or none.
    function runNextEpoch() external returns (uint256 epoch) {
        if (msg.sender != operator) revert NotOperator(msg.sender);
        epoch = epochNow();
        if (epoch <= currentEpoch) revert EpochAlreadyRun(currentEpoch);
        uint256 n = _recipients.length();
        if (n == 0) revert EmptySchedule();
        currentEpoch = epoch;
        uint256 total = 0;
        for (uint256 i = 0; i < n; i++) {
            address r = _recipients.at(i);
            uint256 amount = grantAmount[r];
            treasury.streamAllowance(r, amount);
            total += amount;
        }
        emit EpochRun(epoch, n, total);
    }

    function _setGrant(address recipient, uint256 amount) private {
        grantAmount[recipient] = amount;
        if (amount == 0) _recipients.remove(recipient);
        else _recipients.add(recipient);
        emit GrantUpdated(recipient, amount);
    }
}
