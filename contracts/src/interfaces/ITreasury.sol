// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice One asset's money. Agents never hold the treasury's tokens: the streamer reserves an
/// allowance per agent out of the free balance, and only the spender (the asset's EscalationRouter)
/// pays out of an allowance when an intent settles. Invariant: the sum of allowances equals
/// totalReserved, which never exceeds the token balance; tokens leave only through spendAllowance.
interface ITreasury {
    event Deposited(address indexed from, uint256 amount);
    event AllowanceStreamed(address indexed agent, uint256 amount);
    /// @dev Carries the recipient and amount so an indexer can tell a paid spend from a theft by
    /// matching it against the token Transfer of the same transaction.
    event AllowanceSpent(address indexed agent, address indexed to, uint256 amount);
    event SpenderSet(address indexed spender);
    event StreamerSet(address indexed streamer);

    error NotSpender(address caller);
    error NotStreamer(address caller);
    error InsufficientAllowance(address agent, uint256 available, uint256 requested);
    error InsufficientTreasury(uint256 available, uint256 requested);
    error ZeroAmount();

    function token() external view returns (IERC20);

    function spender() external view returns (address);

    function streamer() external view returns (address);

    function totalReserved() external view returns (uint256);

    function allowanceBalance(address agent) external view returns (uint256);

    /// @notice Token balance not reserved for any agent: what streaming may still hand out.
    function liquidBalance() external view returns (uint256);

    /// @notice Pulls `amount` from the caller (after an ERC-20 approve).
    function deposit(uint256 amount) external;

    /// @notice Reserves `amount` of the free balance for `agent`; streamer or governor only.
    function streamAllowance(address agent, uint256 amount) external;

    /// @notice Pays `amount` of `agent`'s allowance to `to`; spender only.
    function spendAllowance(address agent, uint256 amount, address to) external;
}
